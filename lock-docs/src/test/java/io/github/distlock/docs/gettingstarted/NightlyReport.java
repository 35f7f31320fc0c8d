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
package io.github.distlock.docs.gettingstarted;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;

import org.springframework.stereotype.Component;

/**
 * The getting-started page's busy-lock examples: try once and skip, or wait and fall back.
 */
@Component
public class NightlyReport {

	// tag::skip[]
	@DistributedLock(key = "'report:' + #day", waitFor = "0s", onFailure = LockFailurePolicy.SKIP)
	public void build(String day) {
		// runs on one instance at a time; where the lock is busy the call returns at once
	}
	// end::skip[]

	// tag::fallback[]
	@DistributedLock(key = "'report:' + #day", waitFor = "2s", onFailure = LockFailurePolicy.FALLBACK,
			fallback = "cachedReport")
	public String report(String day) {
		return "fresh report of " + day;
	}

	String cachedReport(String day) {
		return "yesterday's report of " + day;
	}
	// end::fallback[]

}
