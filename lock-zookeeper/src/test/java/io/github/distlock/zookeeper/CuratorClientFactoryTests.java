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

import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.zookeeper.CuratorClientFactory.Acl;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link CuratorClientFactory} without Spring Boot, against a real ZooKeeper: the client it
 * starts, and failures that name its settings (or the names it is given), never a credential.
 */
class CuratorClientFactoryTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private static final String UNREACHABLE = "127.0.0.1:1";

	@Test
	void startsAClientConnectedWithinItsNamespace() throws Exception {
		try (CuratorFramework client = new CuratorClientFactory(zookeeper.connectString()).namespace("factory")
			.sessionTimeout(Duration.ofSeconds(10))
			.start()) {
			assertThat(client.getZookeeperClient().isConnected()).isTrue();
			assertThat(client.getNamespace()).isEqualTo("factory");
			client.create().creatingParentsIfNeeded().forPath("/made");
			assertThat(client.usingNamespace(null).checkExists().forPath("/factory/made")).isNotNull();
		}
	}

	@Test
	void customizersRunAfterTheSettingsInTheOrderAdded() throws Exception {
		List<String> ran = new ArrayList<>();
		try (CuratorFramework client = new CuratorClientFactory(zookeeper.connectString()).namespace("settings")
			.customizer((builder) -> {
				ran.add("first");
				builder.namespace("first");
			})
			.customizer((builder) -> {
				ran.add("second");
				builder.namespace("second");
			})
			.start()) {
			assertThat(ran).containsExactly("first", "second");
			assertThat(client.getNamespace()).isEqualTo("second");
		}
	}

	@Test
	void unreachableEnsembleFailsFastNamingTheFactorysSettings() {
		CuratorClientFactory factory = new CuratorClientFactory(UNREACHABLE).connectionTimeout(Duration.ofMillis(500));
		assertThatExceptionOfType(LockBackendException.class).isThrownBy(factory::start)
			.withMessageContaining("Could not connect to ZooKeeper at '" + UNREACHABLE + "' within 500 ms")
			.withMessageContaining("(connectString, connectionTimeout)")
			.withMessageContaining("Set failFast=false to start anyway");
	}

	@Test
	void failuresNameTheSettingsAsTheyAreTold() {
		CuratorClientFactory factory = new CuratorClientFactory(UNREACHABLE).connectionTimeout(Duration.ofMillis(500))
			.settingNames((setting) -> "app.zk." + setting.name().toLowerCase());
		assertThatExceptionOfType(LockBackendException.class).isThrownBy(factory::start)
			.withMessageContaining("(app.zk.connect_string, app.zk.connection_timeout)")
			.withMessageContaining("Set app.zk.fail_fast=false");
	}

	@Test
	void withoutFailFastAnUnreachableEnsembleStillGivesAClient() throws Exception {
		try (CuratorFramework client = new CuratorClientFactory(UNREACHABLE).connectionTimeout(Duration.ofMillis(500))
			.failFast(false)
			.start()) {
			assertThat(client.getZookeeperClient().isConnected()).isFalse();
		}
	}

	@Test
	void tlsToAPlainPortFailsNamingWhereTheTrustCameFrom() {
		CuratorClientFactory factory = new CuratorClientFactory(zookeeper.connectString())
			.connectionTimeout(Duration.ofSeconds(1))
			.tls(ZooKeeperTls.withDefaultTrust());
		assertThatExceptionOfType(LockBackendException.class).isThrownBy(factory::start)
			.withMessageContaining("over TLS (the JVM's default trust store, tls) within 1000 ms");
	}

	@Test
	void aSchemeWithoutCredentialsIsRefusedBeforeConnecting() {
		CuratorClientFactory factory = new CuratorClientFactory(UNREACHABLE).authorization("digest", null);
		assertThatIllegalStateException().isThrownBy(factory::start)
			.withMessage("authorization scheme is 'digest' but authorization credentials is not set");
	}

	@Test
	void credentialsWithoutASchemeAreRefusedWithoutShowingThem() {
		CuratorClientFactory factory = new CuratorClientFactory(UNREACHABLE).authorization(" ", "locks:s3cret");
		assertThatIllegalStateException().isThrownBy(factory::isSecured)
			.withMessageContaining("authorization credentials is set but authorization scheme is not")
			.withMessageNotContaining("s3cret");
	}

	@Test
	void creatorAllWithoutAnIdentityIsRefused() {
		CuratorClientFactory factory = new CuratorClientFactory(UNREACHABLE).acl(Acl.CREATOR_ALL);
		assertThatIllegalStateException().isThrownBy(factory::describeSecurity)
			.withMessageStartingWith("acl=creator-all needs authorization scheme and authorization credentials, "
					+ "or sasl login context");
	}

	@Test
	void anUnknownJaasLoginContextIsRefusedNamingIt() {
		CuratorClientFactory factory = new CuratorClientFactory(UNREACHABLE).sasl("NoSuchSection", true);
		assertThatIllegalStateException().isThrownBy(factory::start)
			.withMessageContaining("sasl login context is 'NoSuchSection'")
			.withMessageContaining("no such login context");
	}

	@Test
	void securityIsDescribedByTheSchemeNeverTheCredentials() {
		CuratorClientFactory open = new CuratorClientFactory(UNREACHABLE);
		assertThat(open.isSecured()).isFalse();
		assertThat(open.describeSecurity()).isEqualTo("not authenticated");
		CuratorClientFactory secured = new CuratorClientFactory(UNREACHABLE).authorization("digest", "locks:s3cret")
			.acl(Acl.CREATOR_ALL);
		assertThat(secured.isSecured()).isTrue();
		assertThat(secured.describeSecurity())
			.isEqualTo("authenticated with scheme 'digest', creating nodes with ACL creator-all")
			.doesNotContain("s3cret");
	}

	@Test
	void creatorAllGivesTheNodesToTheAuthenticatedIdentity() throws Exception {
		try (CuratorFramework client = new CuratorClientFactory(zookeeper.connectString()).namespace("creator-all")
			.authorization("digest", "locks:s3cret")
			.acl(Acl.CREATOR_ALL)
			.start()) {
			client.create().creatingParentsIfNeeded().forPath("/owned");
			List<ACL> acl = client.getACL().forPath("/owned");
			assertThat(acl).singleElement().satisfies((entry) -> {
				assertThat(entry.getId().getScheme()).isEqualTo("digest");
				assertThat(entry.getId().getId()).startsWith("locks:").doesNotContain("s3cret");
			});
		}
	}

	@Test
	void storesThatCannotBePreparedAreNamedBySourceWithoutAPassword() throws Exception {
		KeyStore noKeys = KeyStore.getInstance("PKCS12");
		noKeys.load(null, null);
		assertThatIllegalStateException()
			.isThrownBy(() -> ZooKeeperTls.withStores("SSL bundle 'client'", null, noKeys, "k3y-Pa55", "client"))
			.withMessage("Could not prepare the stores of SSL bundle 'client' for ZooKeeper's TLS client: "
					+ "no key entry with the alias 'client'");
	}

	@Test
	void tlsIsOffUnlessAsked() {
		assertThat(ZooKeeperTls.disabled().isEnabled()).isFalse();
		assertThat(ZooKeeperTls.withDefaultTrust().isEnabled()).isTrue();
	}

}
