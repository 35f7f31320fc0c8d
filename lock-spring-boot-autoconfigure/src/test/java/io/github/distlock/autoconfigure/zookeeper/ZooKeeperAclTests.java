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

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.actuate.LocksEndpoint;
import io.github.distlock.annotation.LockType;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.LocksEndpointAutoConfiguration;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.zookeeper.ZooKeeperHealthIndicator;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Digest authentication and ACLs against a real ZooKeeper: with {@code acl=creator-all} a client
 * that is not authenticated, or is authenticated as somebody else, can neither delete a held
 * lock's node nor create a node under the root, and the application's locks keep working; with
 * the default open ACL it can (which is why this matters). Wrong credentials fail start-up
 * naming the scheme, never the secret.
 */
@ExtendWith(OutputCaptureExtension.class)
class ZooKeeperAclTests {

	private static final String CREDENTIALS = "locks:s3cret-Pa55";

	private static final String WRONG = "locks:not-the-Pa55";

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private static ApplicationContextRunner runner(String root) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class,
					LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class, ZooKeeperHealthContributorAutoConfiguration.class,
					HealthContributorRegistryAutoConfiguration.class))
			.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString(),
					"distributed-lock.zookeeper.root-path=" + root, "distributed-lock.zookeeper.connection-timeout=5s");
	}

	private static ApplicationContextRunner secured(String root, String credentials) {
		return runner(root).withPropertyValues("distributed-lock.zookeeper.auth.scheme=digest",
				"distributed-lock.zookeeper.auth.credentials=" + credentials, "distributed-lock.zookeeper.acl=creator-all");
	}

	@Test
	void creatorAllKeepsOtherClientsFromDeletingAHeldLockOrCreatingUnderTheRoot() throws Exception {
		secured("/SecureLocks", CREDENTIALS).run((context) -> {
			assertThat(context).hasNotFailed();
			LockOperations locks = context.getBean(LockOperations.class);
			LockEngine registry = context.getBean(LockEngine.class);
			try (LockHandle held = locks.acquire("order:1", Duration.ofSeconds(5));
					CuratorFramework anonymous = client(null);
					CuratorFramework somebodyElse = client("intruder:pw")) {
				String node = registry.participants("order:1", LockType.MUTEX)
					.iterator()
					.next();
				for (CuratorFramework other : List.of(anonymous, somebodyElse)) {
					assertThatExceptionOfType(KeeperException.NoAuthException.class)
						.isThrownBy(() -> other.delete().forPath(node));
					assertThatExceptionOfType(KeeperException.NoAuthException.class)
						.isThrownBy(() -> other.create().forPath("/SecureLocks/intruder"));
					assertThatExceptionOfType(KeeperException.NoAuthException.class)
						.isThrownBy(() -> other.create().forPath("/SecureLocks/order:1/_c_x-lock-0000000000"));
				}
				assertThat(held.isHeld()).isTrue();
				assertThat(registry.participants("order:1", LockType.MUTEX))
					.containsExactly(node);
				try (CuratorFramework owner = client(CREDENTIALS)) {
					List<ACL> creatorAll = List.of(new ACL(ZooDefs.Perms.ALL,
							new Id("digest", DigestAuthenticationProvider.generateDigest(CREDENTIALS))));
					assertThat(owner.getACL().forPath("/SecureLocks")).isEqualTo(creatorAll);
					assertThat(owner.getACL().forPath("/SecureLocks/order:1")).isEqualTo(creatorAll);
					assertThat(owner.getACL().forPath(node)).isEqualTo(creatorAll);
				}
			}
			// a second instance with the same credentials takes the released lock
			secured("/SecureLocks", CREDENTIALS).run((second) -> {
				try (LockHandle next = second.getBean(LockOperations.class).acquire("order:1", Duration.ofSeconds(5))) {
					assertThat(next.isHeld()).isTrue();
				}
			});
		});
	}

	@Test
	void withTheDefaultOpenAclAnyClientCanDeleteAHeldLocksNode() throws Exception {
		runner("/OpenLocks").run((context) -> {
			LockEngine registry = context.getBean(LockEngine.class);
			try (LockHandle held = context.getBean(LockOperations.class).acquire("order:2", Duration.ofSeconds(5));
					CuratorFramework anonymous = client(null)) {
				String node = registry.participants("order:2", LockType.MUTEX)
					.iterator()
					.next();
				anonymous.delete().forPath(node);
				assertThat(anonymous.checkExists().forPath(node)).isNull();
				assertThat(held.isHeld()).isTrue();
			}
		});
	}

	@Test
	void wrongCredentialsFailStartUpNamingTheSchemeNeverTheSecret(CapturedOutput output) {
		secured("/GuardedLocks", CREDENTIALS).run((context) -> assertThat(context).hasNotFailed());
		secured("/GuardedLocks", WRONG).run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			assertThat(rootCause(failure, LockBackendException.class)).isNotNull()
				.satisfies((ex) -> assertThat(ex.getMessage()).contains("'/GuardedLocks'")
					.contains("NOAUTH")
					.contains("authenticated with scheme 'digest'")
					.contains("distributed-lock.zookeeper.auth"));
			assertThat(stackTrace(failure)).doesNotContain("not-the-Pa55").doesNotContain("s3cret");
		});
		assertThat(output).doesNotContain("not-the-Pa55").doesNotContain("s3cret");
	}

	@Test
	void creatorAllWithoutCredentialsFailsStartUp() {
		runner("/NoIdentity").withPropertyValues("distributed-lock.zookeeper.acl=creator-all").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(rootCause(context.getStartupFailure(), IllegalStateException.class)).isNotNull()
				.satisfies((ex) -> assertThat(ex.getMessage()).contains("acl=creator-all needs")
					.contains("distributed-lock.zookeeper.auth.scheme"));
		});
	}

	@Test
	void schemeWithoutCredentialsFailsStartUp() {
		runner("/NoCredentials").withPropertyValues("distributed-lock.zookeeper.auth.scheme=digest").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(rootCause(context.getStartupFailure(), IllegalStateException.class)).isNotNull()
				.satisfies((ex) -> assertThat(ex.getMessage()).contains("'digest'")
					.contains("distributed-lock.zookeeper.auth.credentials is not set"));
		});
	}

	@Test
	void anAclProviderBeanSetsTheAclOfEveryNodeTheStarterCreates() throws Exception {
		List<ACL> readableByAll = List.of(
				new ACL(ZooDefs.Perms.ALL, new Id("digest", DigestAuthenticationProvider.generateDigest(CREDENTIALS))),
				new ACL(ZooDefs.Perms.READ, ZooDefs.Ids.ANYONE_ID_UNSAFE));
		runner("/ReadableLocks")
			.withPropertyValues("distributed-lock.zookeeper.auth.scheme=digest",
					"distributed-lock.zookeeper.auth.credentials=" + CREDENTIALS)
			.withBean(ACLProvider.class, () -> new ACLProvider() {
				@Override
				public List<ACL> getDefaultAcl() {
					return readableByAll;
				}

				@Override
				public List<ACL> getAclForPath(String path) {
					return readableByAll;
				}
			})
			.run((context) -> {
				LockEngine registry = context.getBean(LockEngine.class);
				try (LockHandle held = context.getBean(LockOperations.class).acquire("report", Duration.ofSeconds(5));
						CuratorFramework anonymous = client(null)) {
					String node = registry.participants("report", LockType.MUTEX)
						.iterator()
						.next();
					assertThat(anonymous.getChildren().forPath("/ReadableLocks/report")).hasSize(1);
					// ZooKeeper masks the digest for a reader without ADMIN
					assertThat(anonymous.getACL().forPath(node)).extracting(ACL::getPerms, (acl) -> acl.getId().getScheme())
						.containsExactly(tuple(ZooDefs.Perms.ALL, "digest"), tuple(ZooDefs.Perms.READ, "world"));
					assertThatExceptionOfType(KeeperException.NoAuthException.class)
						.isThrownBy(() -> anonymous.delete().forPath(node));
					assertThat(held.isHeld()).isTrue();
				}
			});
	}

	@Test
	void healthDetailsAndTheLocksEndpointShowNoCredentials() {
		secured("/HealthLocks", CREDENTIALS)
			.withConfiguration(AutoConfigurations.of(LocksEndpointAutoConfiguration.class))
			.withPropertyValues("management.endpoints.web.exposure.include=locks")
			.run((context) -> {
				Health health = context.getBean(ZooKeeperHealthIndicator.class).health();
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				assertThat(health.getDetails()).isNotEmpty();
				assertThat(health.toString()).doesNotContain("s3cret");
				try (LockHandle held = context.getBean(LockOperations.class).acquire("visible", Duration.ofSeconds(5))) {
					LocksEndpoint endpoint = context.getBean(LocksEndpoint.class);
					String locks = String.valueOf(endpoint.locks()) + endpoint.participants(new String[] { "visible" },
							LockType.MUTEX);
					assertThat(locks).contains("visible").doesNotContain("s3cret");
				}
			});
	}

	private static CuratorFramework client(@Nullable String digest) throws InterruptedException {
		CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
			.connectString(zookeeper.connectString())
			.retryPolicy(new RetryOneTime(100));
		if (digest != null) {
			builder.authorization("digest", digest.getBytes(StandardCharsets.UTF_8));
		}
		CuratorFramework client = builder.build();
		client.start();
		if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
			client.close();
			throw new IllegalStateException("Could not connect to " + zookeeper.connectString());
		}
		return client;
	}

	private static <T extends Throwable> @Nullable T rootCause(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
		}
		return null;
	}

	private static String stackTrace(Throwable failure) {
		StringWriter text = new StringWriter();
		failure.printStackTrace(new PrintWriter(text));
		return text.toString();
	}

}
