/*
 * SPDX-License-Identifier: Apache-2.0
 * Copyright 2026 the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.distlock.aot.app;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import org.springframework.aot.AotDetector;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/**
 * An application for {@code AotProcessedApplicationTests}: processed ahead of time, then run from
 * the generated code, it holds a lock through an annotated method until told to return.
 */
@SpringBootApplication
public class AotLockApplication {

	public static void main(String[] args) throws Exception {
		try (ConfigurableApplicationContext context = SpringApplication.run(AotLockApplication.class, args)) {
			System.out.println("aot=" + AotDetector.useGeneratedArtifacts());
			System.out.println(context.getBean(Reports.class).hold(new Report("nightly")));
		}
	}

	@Component
	public static class Reports {

		@DistributedLock(key = "'aot:' + #report.name()", onFailure = LockFailurePolicy.FALLBACK, fallback = "busy")
		public String hold(Report report) throws Exception {
			AcquiredLock lock = LockContext.current();
			System.out.println("holding " + lock.key() + " " + lock.fencingToken());
			System.out.flush();
			new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
			return "released " + lock.key();
		}

		String busy(Report report) {
			return "busy " + report.name();
		}

	}

	/**
	 * What the key expression reads.
	 * @param name the report's name
	 */
	public record Report(String name) {
	}

}
