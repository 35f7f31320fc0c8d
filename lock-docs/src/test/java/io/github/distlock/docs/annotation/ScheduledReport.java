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
package io.github.distlock.docs.annotation;

import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * A scheduled job that several instances fire and one runs, with {@code holdAtLeast}.
 */
@Component
public class ScheduledReport {

	// tag::hold-at-least[]
	@Scheduled(cron = "0 */5 * * * *")
	@DistributedLock(key = "'nightly-report'", type = LockType.SEMAPHORE_MUTEX, waitTime = 0,
			holdAtLeast = 30, timeUnit = TimeUnit.SECONDS, onFailure = LockFailurePolicy.SKIP)
	public void report() {
		// …
	}
	// end::hold-at-least[]

	/**
	 * Spring runs {@code @Scheduled} methods once scheduling is enabled.
	 */
	// tag::enable-scheduling[]
	@Configuration
	@EnableScheduling
	static class SchedulingConfiguration {

	}
	// end::enable-scheduling[]

}
