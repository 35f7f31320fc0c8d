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

import java.time.Duration;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A stuck holder bounded by {@code maxHold}, on the annotation and on a request.
 */
@Service
public class ReportJob {

	private final LockOperations locks;

	ReportJob(LockOperations locks) {
		this.locks = locks;
	}

	// tag::max-hold[]
	@DistributedLock(key = "'nightly-report'", maxHold = "${locks.report.max-hold:10m}")
	@Transactional
	public void report() {
		// …
	}
	// end::max-hold[]

	void reportWithoutTheAnnotation() {
		// tag::max-hold-request[]
		try (LockHandle lock = this.locks.acquire(LockRequest.of("report", Duration.ofSeconds(5))
			.withMaxHold(Duration.ofMinutes(10)))) {
			// …
		}
		// end::max-hold-request[]
	}

}
