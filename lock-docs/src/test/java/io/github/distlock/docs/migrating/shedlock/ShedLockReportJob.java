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

import net.javacrumbs.shedlock.core.LockAssert;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * A job that one instance of many runs, with ShedLock: the "before" of the ShedLock guide.
 */
@Component
class ShedLockReportJob {

	private final ReportGenerator reports;

	ShedLockReportJob(ReportGenerator reports) {
		this.reports = reports;
	}

	// tag::before[]
	@Scheduled(cron = "0 */15 * * * *")
	@SchedulerLock(name = "report", lockAtMostFor = "14m", lockAtLeastFor = "30s")
	public void report() {
		LockAssert.assertLocked();
		this.reports.generate();
	}
	// end::before[]

}
