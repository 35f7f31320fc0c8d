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

package io.github.distlock.autoconfigure.zookeeper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockOperations;
import io.github.distlock.test.tls.TestCertificates;
import io.github.distlock.test.zookeeper.ZooKeeperProcesses;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.data.ClientInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * A real ZooKeeper, in a JVM of its own, that serves clients over TLS only and requires a client
 * certificate: the application connects through a Spring Boot SSL bundle
 * ({@code distributed-lock.zookeeper.ssl.bundle}) with the authority's certificate and its own,
 * and ZooKeeper knows it by that certificate; without its certificate, or without TLS, start-up
 * fails naming the server and the TLS settings.
 */
class ZooKeeperTlsTests {

	@TempDir
	static Path directory;

	private static TestCertificates tls;

	private static ZooKeeperProcesses server;

	@BeforeAll
	static void startTlsServer() throws Exception {
		tls = TestCertificates.generate(directory.resolve("certificates"));
		server = ZooKeeperProcesses.builder().directory(directory.resolve("zookeeper")).tls(tls).start();
	}

	@AfterAll
	static void stopServer() throws Exception {
		if (server != null) {
			server.close();
		}
	}

	private ApplicationContextRunner contextRunner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, ZooKeeperLockAutoConfiguration.class,
					LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues("distributed-lock.zookeeper.connect-string=" + server.connectString(),
					"distributed-lock.zookeeper.connection-timeout=5s",
					"spring.ssl.bundle.pem.zookeeper.truststore.certificate=file:" + tls.ca(),
					"spring.ssl.bundle.pem.zookeeper.keystore.certificate=file:" + tls.clientCertificate(),
					"spring.ssl.bundle.pem.zookeeper.keystore.private-key=file:" + tls.clientKey(),
					"spring.ssl.bundle.pem.trust-only.truststore.certificate=file:" + tls.ca());
	}

	@Test
	void connectsThroughAnSslBundleAndIsKnownByItsCertificate() {
		contextRunner().withPropertyValues("distributed-lock.zookeeper.ssl.bundle=zookeeper").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(LockOperations.class).execute("tls", Duration.ofSeconds(5), () -> "ran"))
				.isEqualTo("ran");
			List<ClientInfo> identities = context.getBean(CuratorFramework.class)
				.getZookeeperClient()
				.getZooKeeper()
				.whoAmI();
			assertThat(identities).extracting(ClientInfo::getAuthScheme, ClientInfo::getUser)
				.contains(tuple("x509", "CN=app"));
		});
	}

	@Test
	void theBundlesStoresAreDeletedWhenTheApplicationStops() {
		Path[] stores = new Path[1];
		contextRunner().withPropertyValues("distributed-lock.zookeeper.ssl.bundle=zookeeper").run((context) -> {
			String location = context.getBean(CuratorFramework.class)
				.getZookeeperClient()
				.getZooKeeper()
				.getClientConfig()
				.getProperty("zookeeper.ssl.keyStore.location");
			stores[0] = Path.of(location);
			assertThat(stores[0]).exists();
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(stores[0]))).isEqualTo("rw-------");
		});
		assertThat(stores[0]).doesNotExist();
	}

	@Test
	void withoutItsClientCertificateStartupFailsNamingTheServerAndTheBundle() {
		contextRunner().withPropertyValues("distributed-lock.zookeeper.ssl.bundle=trust-only").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(LockBackendException.class)
				.hasMessageContaining("Could not connect to ZooKeeper at '" + server.connectString() + "' over TLS")
				.hasMessageContaining("SSL bundle 'trust-only'");
		});
	}

	@Test
	void withoutTlsStartupFailsNamingTheServer() {
		contextRunner().run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(LockBackendException.class)
				.hasMessageContaining("Could not connect to ZooKeeper at '" + server.connectString() + "' within");
		});
	}

	@Test
	void namingABundleThatDoesNotExistFailsStartup() {
		contextRunner().withPropertyValues("distributed-lock.zookeeper.ssl.bundle=missing")
			.run((context) -> assertThat(context).hasFailed().getFailure().hasStackTraceContaining("missing"));
	}

}
