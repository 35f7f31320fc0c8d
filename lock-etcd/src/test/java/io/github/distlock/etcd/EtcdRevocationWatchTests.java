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

package io.github.distlock.etcd;

import java.time.Duration;
import java.util.List;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A revocable lock on etcd whose revocation watch cannot be set up (here: the jetcd client's
 * watch client is closed) is refused, and its contender key is deleted at once, not left bound
 * to the registry's live lease where it would block every other process.
 */
class EtcdRevocationWatchTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final TestRegistries registries = new TestRegistries("/revocation-watch");

	@AfterEach
	void close() throws Exception {
		this.registries.close();
	}

	@Test
	void lockWhoseRevocationWatchCannotBeSetUpIsRefusedAndItsKeyDeleted() {
		EtcdLockRegistry registry = registry();
		EtcdLockRegistry otherProcess = registry();
		registry.client().getWatchClient().close();
		Throwable failure = catchThrowable(() -> registry.acquire(request(Duration.ofSeconds(5)).withRevocable(true)));
		assertThat(registry.heldLocks()).isEmpty();
		assertThat(registry.locksInUse()).isZero();
		try (LockHandle lock = otherProcess.acquire(request(Duration.ofSeconds(2)))) {
			assertThat(lock.isHeld()).as("held by the other process while the first one lives").isTrue();
		}
		assertThat(failure).isInstanceOf(LockBackendException.class)
			.hasMessageContaining("'unwatched'")
			.hasMessageContaining("revocation");
	}

	private EtcdLockRegistry registry() {
		return this.registries.registry(List.of(etcd.endpoint()), Duration.ofSeconds(10), TestRegistries.NO_LISTENER);
	}

	private static LockRequest request(Duration wait) {
		return new LockRequest("unwatched", LockType.MUTEX, wait, "revocation-watch");
	}

}
