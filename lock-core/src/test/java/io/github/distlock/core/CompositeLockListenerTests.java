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
package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link CompositeLockListener}: listeners called in order, one that throws does not stop the
 * others, and listeners looked up late are asked for once, at the first event.
 */
class CompositeLockListenerTests {

	private final LockRequest request = new LockRequest("stock:1", LockType.MUTEX, Duration.ZERO, "test");

	@Test
	void listenersAreCalledInOrderPastOneThatThrows() {
		List<String> calls = new ArrayList<>();
		LockListener failing = new LockListener() {
			@Override
			public void onAcquisitionStarted(LockRequest request) {
				calls.add("failing");
				throw new IllegalStateException("listener bug");
			}
		};
		CompositeLockListener composite = new CompositeLockListener(
				List.of(recording("first", calls), failing, recording("last", calls)));

		composite.onAcquisitionStarted(this.request);

		assertThat(calls).containsExactly("first stock:1", "failing", "last stock:1");
	}

	@Test
	void listenersLookedUpAtFirstEventAreAskedForOnceAndOnlyThen() {
		List<String> calls = new ArrayList<>();
		AtomicInteger lookups = new AtomicInteger();
		CompositeLockListener composite = CompositeLockListener.lookedUpAtFirstEvent(() -> {
			lookups.incrementAndGet();
			return List.of(recording("bean", calls));
		});
		assertThat(lookups).hasValue(0);

		composite.onAcquisitionStarted(this.request);
		composite.onAcquisitionStarted(this.request);

		assertThat(lookups).hasValue(1);
		assertThat(calls).containsExactly("bean stock:1", "bean stock:1");
	}

	private static LockListener recording(String name, List<String> calls) {
		return new LockListener() {
			@Override
			public void onAcquisitionStarted(LockRequest request) {
				calls.add(name + " " + request.key());
			}
		};
	}

}
