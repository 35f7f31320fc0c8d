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
package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A {@code READ} or {@code WRITE} lock is Curator's {@code InterProcessReadWriteLock}, which
 * belongs to its holder's thread: a lock given up past its {@code maxHold} is deleted from the
 * engine's thread, and Curator forgets it when the holder's thread closes its handle, so that
 * the thread's next lock on the key is a lock of its own, not a re-entry into the one given up.
 */
class ReadWriteGiveUpTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ExecutorService pool = Executors.newSingleThreadExecutor();

	@AfterEach
	void stopPool() {
		this.pool.shutdownNow();
	}

	/**
	 * While another reader of the same process keeps Curator's lock object of the key in use,
	 * the thread whose read was given up closes it and reads again: it gets a node of its own,
	 * with a greater token, which excludes a writer of another process once the other reader is
	 * gone.
	 */
	@Test
	void threadWhoseReadWasGivenUpReadsAgainWithALockOfItsOwn() throws Exception {
		try (EngineProcess holder = EngineProcess.start(zookeeper.connectString()); EngineProcess other = EngineProcess.start(zookeeper.connectString())) {
			LockHandle held = holder.engine().acquire(request("given-up", LockType.READ).withMaxHold(Duration.ofMillis(300)));
			CountDownLatch reading = new CountDownLatch(1);
			CountDownLatch done = new CountDownLatch(1);
			Future<?> reader = this.pool.submit(() -> {
				try (LockHandle lock = holder.engine().acquire(request("given-up", LockType.READ))) {
					reading.countDown();
					done.await();
				}
				return null;
			});
			assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
			await().atMost(WAIT).until(() -> held.state() == LockState.LOST);
			held.close();
			try (LockHandle again = holder.engine().acquire(request("given-up", LockType.READ))) {
				assertThat(again.fencingToken()).isGreaterThan(held.fencingToken());
				done.countDown();
				reader.get(10, TimeUnit.SECONDS);
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> other.engine().acquire(request("given-up", LockType.WRITE).withWaitTime(Duration.ZERO)));
			}
			await().atMost(WAIT).untilAsserted(() -> assertThat(ephemeralNodesUnder(holder.client(), "/Locks/given-up")).isEmpty());
		}
	}

	private static LockRequest request(String key, LockType type) {
		return new LockRequest(key, type, WAIT, "give-up");
	}

}
