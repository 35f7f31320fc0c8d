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

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code etcd} health indicator against a real server: UP while etcd answers and the lease
 * is renewed, DOWN within its timeout when etcd hangs (SIGSTOP), with the lease in doubt once
 * renewals are late, UP again when etcd answers, and DOWN when nothing answers at all.
 */
class EtcdHealthIndicatorTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final TestRegistries registries = new TestRegistries("/health");

	@AfterEach
	void close() throws Exception {
		etcd.resume();
		this.registries.close();
	}

	@Test
	void upWithTheLeaseWhileEtcdAnswers() {
		EtcdHealthIndicator indicator = indicator(etcd.endpoint(), Duration.ofSeconds(10));
		// the lease is granted in the background: NONE until then, and UP all the same
		await().atMost(Duration.ofSeconds(10)).until(() -> "ALIVE".equals(indicator.health().getDetails().get("lease")));
		Health health = indicator.health();
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("lease", "ALIVE").containsKey("leaseId");
		assertThat(health.getDetails()).doesNotContainKey("error");
	}

	@Test
	void downWithinItsTimeoutWhileEtcdHangsThenInDoubtThenUpAgain() throws Exception {
		EtcdHealthIndicator indicator = indicator(etcd.endpoint(), Duration.ofSeconds(6));
		await().atMost(Duration.ofSeconds(10)).until(() -> "ALIVE".equals(indicator.health().getDetails().get("lease")));
		etcd.pause();
		Health hanging = indicator.health();
		assertThat(hanging.getStatus()).isEqualTo(Status.DOWN);
		assertThat(hanging.getDetails()).containsEntry("lease", "ALIVE")
			.containsEntry("error", "No answer to a read of /health within 500 ms");
		await().atMost(Duration.ofSeconds(10))
			.until(() -> "IN_DOUBT".equals(indicator.health().getDetails().get("lease")));
		assertThat(indicator.health().getStatus()).isEqualTo(Status.DOWN);
		etcd.resume();
		await().atMost(Duration.ofSeconds(20)).until(() -> indicator.health().getStatus().equals(Status.UP));
		assertThat(indicator.health().getDetails()).containsEntry("lease", "ALIVE");
	}

	@Test
	void downWithoutALeaseWhenNothingAnswers() throws IOException {
		String nowhere;
		try (ServerSocket socket = new ServerSocket(0)) {
			nowhere = "http://127.0.0.1:" + socket.getLocalPort();
		}
		EtcdHealthIndicator indicator = indicator(nowhere, Duration.ofSeconds(5));
		Health health = indicator.health();
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails()).containsEntry("lease", "NONE").containsKey("error");
	}

	private EtcdHealthIndicator indicator(String endpoint, Duration ttl) {
		EtcdLockRegistry registry = this.registries.registry(List.of(endpoint), ttl, TestRegistries.NO_LISTENER);
		return new EtcdHealthIndicator(registry, "/health", Duration.ofMillis(500));
	}

}
