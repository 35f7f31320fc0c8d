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

package io.github.distlock.boot.test;

import java.time.Duration;
import java.util.List;

import io.github.distlock.core.LockOperations;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application with the starter and nothing else (no actuator, no Micrometer metrics) starts
 * without a warning or an error from the starter: its auto-configuration names the optional
 * auto-configurations it orders itself after, and never references a class that may be absent.
 * Runs in a JVM of its own (the module's surefire configuration): Spring logs an unreadable
 * annotation once per JVM.
 */
@ExtendWith(OutputCaptureExtension.class)
class QuietStartUpTests {

	@Test
	void anApplicationWithoutMetricsStartsWithoutAWarningFromTheStarter(CapturedOutput output) throws Exception {
		assertThat(ClassUtils.isPresent("org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				null))
			.as("this test needs a class path without Micrometer's metrics auto-configuration")
			.isFalse();
		SpringApplication application = new SpringApplication(MinimalApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		try (TestingServer zookeeper = new TestingServer(true);
				ConfigurableApplicationContext context = application.run(
						"--distributed-lock.zookeeper.connect-string=" + zookeeper.getConnectString(),
						"--spring.main.banner-mode=off")) {
			assertThat(context.getBean(LockOperations.class).execute("report", Duration.ofSeconds(5), () -> "ran"))
				.isEqualTo("ran");
		}
		assertThat(warningsAboutTheStarter(output)).isEmpty();
	}

	/** Lines logged at WARN or ERROR that name the starter's code (abbreviated or not). */
	static List<String> warningsAboutTheStarter(CapturedOutput output) {
		return output.getAll()
			.lines()
			.filter((line) -> line.contains(" WARN ") || line.contains(" ERROR "))
			.filter((line) -> line.contains("io.github.distlock") || line.contains("i.g.distlock")
					|| line.contains("i.g.d."))
			.toList();
	}

	@SpringBootApplication
	static class MinimalApplication {

	}

}
