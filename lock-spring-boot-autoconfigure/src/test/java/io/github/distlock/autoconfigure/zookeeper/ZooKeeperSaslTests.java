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
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;

import io.github.distlock.annotation.LockType;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.test.zookeeper.ZooKeeperProcesses;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.ClientInfo;
import org.apache.zookeeper.data.Id;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

/**
 * SASL (DIGEST-MD5) against a real ZooKeeper, in a JVM of its own, that requires every client to
 * authenticate: the application authenticates through a JAAS login context
 * ({@code distributed-lock.zookeeper.sasl.login-context}) and, with {@code acl=creator-all}, its
 * nodes are its own; a wrong password, ZooKeeper's FIPS mode and an unknown login context fail
 * start-up naming the login context, never the password. The client's JAAS configuration is set
 * in this JVM for the test and restored after it.
 */
@ExtendWith(OutputCaptureExtension.class)
class ZooKeeperSaslTests {

	private static final String PASSWORD = "s3cret-sasl-Pa55";

	private static final String WRONG_PASSWORD = "wrong-sasl-Pa55";

	@TempDir
	static Path directory;

	private static ZooKeeperProcesses server;

	@BeforeAll
	static void startSaslServer() throws Exception {
		server = ZooKeeperProcesses.builder()
			.directory(directory)
			.sasl(Map.of("locks", PASSWORD, "other", "other-Pa55"))
			.start();
		Map<String, AppConfigurationEntry[]> sections = Map.of("LocksClient", digest("locks", PASSWORD),
				"WrongPassword", digest("locks", WRONG_PASSWORD), "OtherUser", digest("other", "other-Pa55"));
		Configuration.setConfiguration(new Configuration() {
			@Override
			public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
				return sections.get(name);
			}
		});
	}

	@AfterAll
	static void stopServer() throws Exception {
		Configuration.setConfiguration(null);
		if (server != null) {
			server.close();
		}
	}

	private static AppConfigurationEntry[] digest(String user, String password) {
		return new AppConfigurationEntry[] { new AppConfigurationEntry(
				"org.apache.zookeeper.server.auth.DigestLoginModule",
				AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, Map.of("username", user, "password", password)) };
	}

	private ApplicationContextRunner runner(String loginContext) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class,
					LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues("distributed-lock.zookeeper.connect-string=" + server.connectString(),
					"distributed-lock.zookeeper.connection-timeout=5s",
					"distributed-lock.zookeeper.sasl.login-context=" + loginContext);
	}

	@Test
	void authenticatesThroughItsLoginContextAndItsNodesAreItsOwn() {
		runner("LocksClient")
			.withPropertyValues("distributed-lock.zookeeper.sasl.fips-mode=false", "distributed-lock.zookeeper.acl=creator-all",
					"distributed-lock.zookeeper.root-path=/SaslLocks")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				CuratorFramework client = context.getBean(CuratorFramework.class);
				assertThat(client.getZookeeperClient().getZooKeeper().whoAmI())
					.extracting(ClientInfo::getAuthScheme, ClientInfo::getUser)
					.contains(tuple("sasl", "locks"));
				LockEngine registry = context.getBean(LockEngine.class);
				try (LockHandle held = context.getBean(LockOperations.class).acquire("job", Duration.ofSeconds(5));
						CuratorFramework other = saslClient("OtherUser")) {
					String node = registry.participants("job", LockType.MUTEX).iterator().next();
					assertThat(client.getACL().forPath(node))
						.containsExactly(new ACL(ZooDefs.Perms.ALL, new Id("sasl", "locks")));
					assertThatExceptionOfType(KeeperException.NoAuthException.class)
						.isThrownBy(() -> other.delete().forPath(node));
					assertThat(held.isHeld()).isTrue();
				}
			});
	}

	@Test
	void wrongPasswordFailsStartUpNamingTheLoginContextNeverThePassword(CapturedOutput output) {
		runner("WrongPassword").withPropertyValues("distributed-lock.zookeeper.sasl.fips-mode=false").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(LockBackendException.class)
				.hasMessageContaining("ZooKeeper at '" + server.connectString() + "'")
				.hasMessageContaining("refused (AuthFailed)")
				.hasMessageContaining("JAAS login context 'WrongPassword'");
			assertThat(stackTrace(context.getStartupFailure())).doesNotContain(WRONG_PASSWORD).doesNotContain(PASSWORD);
		});
		assertThat(output).doesNotContain(WRONG_PASSWORD).doesNotContain(PASSWORD);
	}

	@Test
	void inZooKeepersFipsModeDigestMd5IsRefusedAndTheFailureSaysHowToAllowIt() {
		runner("LocksClient").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(LockBackendException.class)
				.hasMessageContaining("JAAS login context 'LocksClient'")
				.hasMessageContaining("distributed-lock.zookeeper.sasl.fips-mode=false");
		});
	}

	@Test
	void anUnknownLoginContextFailsStartUp() {
		runner("NoSuchSection").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("'NoSuchSection'")
				.hasMessageContaining("no such login context");
		});
	}

	private static CuratorFramework saslClient(String loginContext) throws InterruptedException {
		ZKClientConfig config = new ZKClientConfig();
		config.setProperty(ZKClientConfig.LOGIN_CONTEXT_NAME_KEY, loginContext);
		config.setProperty("zookeeper.fips-mode", "false");
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(server.connectString())
			.retryPolicy(new RetryOneTime(100))
			.zkClientConfig(config)
			.build();
		client.start();
		if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
			client.close();
			throw new IllegalStateException("Could not connect to " + server.connectString());
		}
		return client;
	}

	private static String stackTrace(Throwable failure) {
		StringWriter text = new StringWriter();
		failure.printStackTrace(new PrintWriter(text));
		return text.toString();
	}

}
