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
import java.util.concurrent.atomic.AtomicInteger;

import io.etcd.jetcd.Client;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.spi.RevocableBackend;
import io.github.distlock.test.contract.ContenderWatchContractTests;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The watch on a held {@code MUTEX} key's queue, for lock caching, on a real etcd: the
 * {@link ContenderWatchContractTests contract} (it tells of a contender of another client and
 * lease, whether it queued before the watch or after, and of nothing else, our own revocation
 * marker or a hand-off; it ends when closed or released, and outlives a hand-off), with a fixed
 * time for a watch to be set, etcd telling nothing of it; and, for etcd, it tells of nothing for
 * floor keys or other kinds of lock on the key, and a closed watch client gives no watch.
 */
class EtcdContenderWatchTests extends ContenderWatchContractTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private Client clientA;

	private Client clientB;

	private EtcdLockBackend first;

	private EtcdLockBackend second;

	@BeforeEach
	void connect() {
		this.clientA = client();
		this.clientB = client();
		this.first = new EtcdLockBackend(this.clientA, new EtcdLockPathResolver("/contender-watch"), LONG);
		this.second = new EtcdLockBackend(this.clientB, new EtcdLockPathResolver("/contender-watch"), LONG);
	}

	@AfterEach
	void disconnect() {
		this.first.close();
		this.second.close();
		this.clientA.close();
		this.clientB.close();
	}

	@Override
	protected RevocableBackend first() {
		return this.first;
	}

	@Override
	protected RevocableBackend second() {
		return this.second;
	}

	/**
	 * Gives a watch the time to be set in etcd, which tells nothing when it is (the confirmation
	 * and the read that follows it are the watch's own): a watch still not set by then only makes
	 * the test easier to pass, never fail.
	 */
	@Override
	protected void awaitWatchSet(String key) throws InterruptedException {
		Thread.sleep(QUIET_MILLIS);
	}

	/** Closes the watch: etcd tells nothing of a watch set or removed. */
	@Override
	protected void closeWatch(String key, ContenderWatch watch) {
		watch.close();
	}

	/**
	 * The floor keys are under the path of a key of their own, {@link EtcdLockBackend#FLOORS_KEY}:
	 * a lock on that very key has its queues next to them, never over them.
	 */
	@Test
	void doesNotFireForFloorKeysOrOtherKindsOfLockOnTheKey() throws Exception {
		String key = EtcdLockBackend.FLOORS_KEY;
		BackendLock held = acquire(this.first, key, LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		ContenderWatch watch = held.watchContenders(fired::incrementAndGet);
		// the other backend's lease puts its floor key, and each release of a key raises it
		BackendLock semaphore = acquire(this.second, key, LockType.SEMAPHORE_MUTEX);
		BackendLock write = acquire(this.second, key, LockType.WRITE);
		assertThat(this.second.floorKey(this.second.currentLeaseId())).startsWith(this.second.pathOf(key) + "/");
		semaphore.release();
		write.release();
		acquire(this.second, "elsewhere", LockType.MUTEX).release();
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired for floor keys or other kinds of lock").hasValue(0);
		watch.close();
		held.release();
	}

	/** A watch client closed gives no watch, and does not call back on the caller's thread. */
	@Test
	void noWatchFromAClosedWatchClient() throws Exception {
		BackendLock held = acquire(this.first, "closed-watch-client", LockType.MUTEX);
		this.clientA.getWatchClient().close();
		AtomicInteger fired = new AtomicInteger();
		assertThat(held.watchContenders(fired::incrementAndGet)).isNull();
		assertThat(fired).as("called back on the caller's thread").hasValue(0);
		held.release();
	}

	private static Client client() {
		return Client.builder().endpoints(etcd.endpoint()).connectTimeout(Duration.ofMillis(500)).build();
	}

}
