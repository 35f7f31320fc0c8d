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
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;
import org.springframework.stereotype.Service;

/**
 * A counting semaphore, on the annotation and on a request.
 */
@Service
public class ExportService {

	private final LockOperations locks;

	ExportService(LockOperations locks) {
		this.locks = locks;
	}

	// tag::semaphore[]
	@DistributedLock(key = "'exports'", type = LockType.SEMAPHORE, permits = "${locks.exports.permits:4}",
			waitFor = "30s")
	public Report export(Batch batch) {
		// at most 4 exports at once, across every instance
		return new Report(0);
	}
	// end::semaphore[]

	void exportWithoutTheAnnotation() {
		// tag::semaphore-request[]
		try (LockHandle lease = this.locks.acquire(new LockRequest("exports", LockType.SEMAPHORE,
				Duration.ofSeconds(30), "exports").withPermits(4))) {
			// …
		}
		// end::semaphore-request[]
	}

}
