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
package io.github.distlock.docs.migrating.shedlock;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * A job that one instance of many runs, with {@code @DistributedLock}: the "after" of the
 * ShedLock guide.
 */
@Component
class ReportJob {

	private final ReportGenerator reports;

	ReportJob(ReportGenerator reports) {
		this.reports = reports;
	}

	// tag::after[]
	@Scheduled(cron = "0 */15 * * * *")
	@DistributedLock(key = "'report'", type = LockType.SEMAPHORE_MUTEX, waitFor = "0",
			holdAtLeastFor = "30s", maxHold = "14m", onFailure = LockFailurePolicy.SKIP)
	public void report() {
		this.reports.generate();
	}
	// end::after[]

}
