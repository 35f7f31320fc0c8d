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

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.GetOption;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A release sends its key's removal and returns; the next acquisition of the same backend on
 * the key's queue waits for the removal, so that its key never queues behind the released one.
 */
class EtcdReleaseTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final String QUEUE = "/release-order/ordered/mutex/";

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	@Test
	void theNextAcquisitionOfAKeyIsCreatedOnceTheReleasedKeyIsRemoved() throws Exception {
		ExecutorService pool = Executors.newSingleThreadExecutor();
		try (StallingProxy proxy = new StallingProxy(etcd.endpoint());
				Client observer = Client.builder().endpoints(etcd.endpoint()).build();
				Client client = Client.builder().endpoints(proxy.endpoint()).connectTimeout(Duration.ofMillis(500)).build();
				EtcdLockBackend backend = new EtcdLockBackend(client, new EtcdLockPathResolver("/release-order"),
						Duration.ofSeconds(10));
				LockEngine engine = new LockEngine(backend, TestRegistries.NO_LISTENER, LockEngine.Options.STANDARD)) {
			LockHandle first = engine.acquire(request());
			List<String> firstKeys = keys(observer);
			assertThat(firstKeys).hasSize(1);
			proxy.delayReplies(Duration.ofMillis(300));
			first.close();
			assertThat(first.state()).isEqualTo(LockState.RELEASED);
			Future<Long> next = pool.submit(() -> {
				try (LockHandle lock = engine.acquire(request())) {
					return lock.fencingToken();
				}
			});
			List<String> seen = await().atMost(WAIT)
				.pollInterval(Duration.ofMillis(5))
				.until(() -> keys(observer), (keys) -> keys.stream().anyMatch((key) -> !firstKeys.contains(key)));
			assertThat(seen).as("the keys once the next one was created").hasSize(1).doesNotContainAnyElementsOf(firstKeys);
			assertThat(next.get(30, TimeUnit.SECONDS)).isGreaterThan(first.fencingToken());
		}
		finally {
			pool.shutdownNow();
		}
	}

	private static List<String> keys(Client observer) throws Exception {
		return observer.getKVClient()
			.get(ByteSequence.from(QUEUE, StandardCharsets.UTF_8), GetOption.builder().isPrefix(true).build())
			.get(10, TimeUnit.SECONDS)
			.getKvs()
			.stream()
			.map((kv) -> kv.getKey().toString(StandardCharsets.UTF_8))
			.toList();
	}

	private static LockRequest request() {
		return new LockRequest("ordered", LockType.MUTEX, WAIT, "release");
	}

}
