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

package io.github.distlock.campaign;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The orphan sweep's grace counts only the time in which every server served.
 */
class OrphanNodeSweepTests {

	private final List<long[]> serverFaults = new ArrayList<>();

	private final OrphanNodeSweep sweep = new OrphanNodeSweep(null, this.serverFaults, 0, 0);

	private final long nowMillis = System.currentTimeMillis();

	private final long nowNanos = System.nanoTime();

	@Test
	void withoutServerFaultsEveryMillisecondCounts() {
		assertThat(this.sweep.servedSince(this.nowMillis - 30_000, this.nowMillis)).isEqualTo(30_000);
	}

	@Test
	void serverFaultsWithinTheGraceDoNotCount() {
		fault(-25_000, -18_000);
		fault(-12_000, -5_000);
		assertThat(this.sweep.servedSince(this.nowMillis - 30_000, this.nowMillis)).isBetween(15_998L, 16_002L);
	}

	@Test
	void onlyThePartOfAFaultAfterTheKeysLastUseCounts() {
		fault(-40_000, -20_000);
		assertThat(this.sweep.servedSince(this.nowMillis - 30_000, this.nowMillis)).isBetween(19_998L, 20_002L);
	}

	private void fault(long fromMillisAgo, long toMillisAgo) {
		this.serverFaults.add(new long[] { this.nowNanos + TimeUnit.MILLISECONDS.toNanos(fromMillisAgo),
				this.nowNanos + TimeUnit.MILLISECONDS.toNanos(toMillisAgo) });
	}

}
