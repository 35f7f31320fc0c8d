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
package io.github.distlock.docs.api;

import io.github.distlock.annotation.LeaderOnly;
import io.github.distlock.leader.LeaderContext;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * A job that every instance schedules and only the leader of the {@code reports} election runs.
 */
@Component
public class ReportJob {

	private final Reports reports;

	ReportJob(Reports reports) {
		this.reports = reports;
	}

	// tag::leader-only[]
	@Scheduled(fixedDelay = 60_000)
	@LeaderOnly("reports")
	public void report() {
		long epoch = LeaderContext.current().epoch();   // pass it with your writes
		reports.save(new Report("daily", epoch));       // a store that refuses an epoch lower than one it saw
	}
	// end::leader-only[]

	/** A stand-in for where reports are written. */
	interface Reports {

		void save(Report report);

	}

}
