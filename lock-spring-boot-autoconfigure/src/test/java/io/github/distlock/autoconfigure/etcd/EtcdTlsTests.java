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

package io.github.distlock.autoconfigure.etcd;

import java.nio.file.Path;
import java.time.Duration;

import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.LockOperations;
import io.github.distlock.etcd.EtcdHealthIndicator;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.test.etcd.EtcdServer;
import io.github.distlock.test.tls.TestCertificates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * A real etcd that serves clients over TLS only and requires a client certificate: the
 * application connects through a Spring Boot SSL bundle ({@code distributed-lock.etcd.ssl.bundle})
 * with the authority's certificate and its own; without its certificate, or without the bundle,
 * start-up fails naming the endpoints.
 */
class EtcdTlsTests {

	@TempDir
	static Path certificates;

	private static EtcdServer etcd;

	private static TestCertificates tls;

	@BeforeAll
	static void startTlsServer() throws Exception {
		assumeThat(EtcdServer.isAvailable()).as("etcd not found at %s: etcd tests skipped", EtcdServer.binary())
			.isTrue();
		tls = TestCertificates.generate(certificates);
		etcd = EtcdServer.startTls(tls);
	}

	@AfterAll
	static void stopServer() throws Exception {
		if (etcd != null) {
			etcd.close();
		}
	}

	private ApplicationContextRunner contextRunner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, ZooKeeperLockAutoConfiguration.class,
					EtcdLockAutoConfiguration.class, EtcdHealthContributorAutoConfiguration.class,
					LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues("distributed-lock.backend=etcd", "distributed-lock.etcd.endpoints=" + etcd.endpoint(),
					"distributed-lock.etcd.connect-timeout=5s",
					"spring.ssl.bundle.pem.etcd.truststore.certificate=file:" + tls.ca(),
					"spring.ssl.bundle.pem.trust-only.truststore.certificate=file:" + tls.ca());
	}

	@Test
	void connectsThroughAnSslBundleWithTheClientCertificate() {
		contextRunner()
			.withPropertyValues("distributed-lock.etcd.ssl.bundle=etcd",
					"spring.ssl.bundle.pem.etcd.keystore.certificate=file:" + tls.clientCertificate(),
					"spring.ssl.bundle.pem.etcd.keystore.private-key=file:" + tls.clientKey())
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(EtcdLockBackend.class);
				assertThat(etcd.endpoint()).startsWith("https://");
				assertThat(context.getBean(LockOperations.class).execute("tls", Duration.ofSeconds(5), () -> "ran"))
					.isEqualTo("ran");
				EtcdHealthIndicator health = context.getBean(EtcdHealthIndicator.class);
				await().atMost(Duration.ofSeconds(10)).until(() -> health.health().getStatus().equals(Status.UP));
			});
	}

	@Test
	void withoutItsClientCertificateStartupFailsNamingTheEndpoints() {
		contextRunner().withPropertyValues("distributed-lock.etcd.ssl.bundle=trust-only")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("Could not start locking on etcd at [" + etcd.endpoint() + "]"));
	}

	@Test
	void withoutTheBundleStartupFailsNamingTheEndpoints() {
		contextRunner().run((context) -> assertThat(context).hasFailed()
			.getFailure()
			.hasStackTraceContaining("Could not start locking on etcd at [" + etcd.endpoint() + "]"));
	}

	@Test
	void namingABundleThatDoesNotExistFailsStartup() {
		contextRunner().withPropertyValues("distributed-lock.etcd.ssl.bundle=missing")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("missing"));
	}

}
