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

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.etcd.jetcd.Client;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The start-up check waits for etcd's grant of the backend's lease within its whole timeout: a
 * grant that times out on a slow path, or a lease that ends before its floor key is put, is asked
 * again, and only a timeout, or a refusal, fails it.
 */
class EtcdAwaitLeaseFaultTests {

	private static final Pattern LEASE_ID = Pattern.compile("\"ID\":\"(\\d+)\"");

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	@Test
	void aGrantThatTimesOutIsAskedAgainWithinTheTimeout() throws Exception {
		try (StallingProxy proxy = new StallingProxy(etcd.endpoint());
				Client client = Client.builder().endpoints(proxy.endpoint()).connectTimeout(Duration.ofMillis(500)).build();
				EtcdLockBackend backend = new EtcdLockBackend(client, new EtcdLockPathResolver("/await-lease"),
						Duration.ofSeconds(2))) {
			// each grant waits at most the time to live asked for (2 s): the first answer comes too late
			proxy.delayReplies(Duration.ofSeconds(3));
			CompletableFuture.delayedExecutor(2_500, TimeUnit.MILLISECONDS).execute(() -> proxy.delayReplies(Duration.ZERO));
			backend.awaitLease(Duration.ofSeconds(20));
			assertThat(backend.currentLeaseId()).isNotZero();
		}
	}

	@Test
	void aLeaseThatEndsBeforeItsFloorKeyIsPutIsAskedAgain() throws Exception {
		try (Client admin = Client.builder().endpoints(etcd.endpoint()).build();
				StallingProxy proxy = new StallingProxy(etcd.endpoint());
				Client client = Client.builder().endpoints(proxy.endpoint()).connectTimeout(Duration.ofMillis(500)).build()) {
			Set<Long> before = leases();
			// the grant's answer reaches the backend a second late; meanwhile another client revokes
			// the lease, so that the floor key put after the answer finds no lease
			proxy.delayReplies(Duration.ofSeconds(1));
			CompletableFuture<Long> revoked = CompletableFuture.supplyAsync(() -> revokeFirstNewLease(admin, before));
			try (EtcdLockBackend backend = new EtcdLockBackend(client, new EtcdLockPathResolver("/await-lease"),
					Duration.ofSeconds(2))) {
				long gone = revoked.get(10, TimeUnit.SECONDS);
				proxy.delayReplies(Duration.ZERO);
				backend.awaitLease(Duration.ofSeconds(20));
				assertThat(backend.currentLeaseId()).isNotZero().isNotEqualTo(gone);
			}
		}
	}

	/** The leases etcd holds, read through its JSON gateway (jetcd has no call that lists them). */
	private static Set<Long> leases() throws Exception {
		HttpResponse<String> listed = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(etcd.endpoint() + "/v3/lease/leases"))
				.POST(HttpRequest.BodyPublishers.ofString("{}"))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(listed.statusCode()).isEqualTo(200);
		return LEASE_ID.matcher(listed.body()).results().map((id) -> Long.parseLong(id.group(1))).collect(Collectors.toSet());
	}

	private static long revokeFirstNewLease(Client admin, Set<Long> before) {
		try {
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
			while (System.nanoTime() < deadline) {
				for (long lease : leases()) {
					if (!before.contains(lease)) {
						admin.getLeaseClient().revoke(lease).get(5, TimeUnit.SECONDS);
						return lease;
					}
				}
				Thread.sleep(5);
			}
			throw new IllegalStateException("No lease was granted within 10 s");
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Test
	void aPathThatStaysSlowFailsWhenTheTimeoutElapses() throws Exception {
		try (StallingProxy proxy = new StallingProxy(etcd.endpoint());
				Client client = Client.builder().endpoints(proxy.endpoint()).connectTimeout(Duration.ofMillis(500)).build();
				EtcdLockBackend backend = new EtcdLockBackend(client, new EtcdLockPathResolver("/await-lease"),
						Duration.ofSeconds(2))) {
			proxy.delayReplies(Duration.ofSeconds(3));
			long start = System.nanoTime();
			assertThatExceptionOfType(LockBackendException.class).isThrownBy(() -> backend.awaitLease(Duration.ofSeconds(5)))
				.withMessageContaining("etcd");
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofSeconds(4));
		}
	}

}
