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

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.etcd.jetcd.Auth;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.auth.Permission;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockOperations;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An etcd with authentication on: a user allowed only the lock prefix locks with its
 * credentials; a wrong password fails start-up with a message that names the user and the
 * properties, never the password, or, with {@code fail-fast=false}, starts and fails each lock.
 */
@ExtendWith(OutputCaptureExtension.class)
class EtcdAuthenticationTests {

	private static final String PASSWORD = "app-Secret-17";

	private static final String WRONG_PASSWORD = "wrong-Secret-42";

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class, EtcdLockAutoConfiguration.class,
				LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class))
		.withPropertyValues("distributed-lock.backend=etcd", "distributed-lock.etcd.endpoints=" + etcd.endpoint(),
				"distributed-lock.etcd.connect-timeout=5s", "distributed-lock.etcd.username=app");

	@BeforeAll
	static void enableAuthentication() throws Exception {
		try (Client admin = Client.builder().endpoints(etcd.endpoint()).build()) {
			Auth auth = admin.getAuthClient();
			await(auth.roleAdd(bytes("root")));
			await(auth.userAdd(bytes("root"), bytes("root-Secret-5")));
			await(auth.userGrantRole(bytes("root"), bytes("root")));
			await(auth.roleAdd(bytes("locks")));
			// the lock prefix only: /Locks and every key under it
			await(auth.roleGrantPermission(bytes("locks"), bytes("/Locks"), bytes("/Lockt"), Permission.Type.READWRITE));
			await(auth.userAdd(bytes("app"), bytes(PASSWORD)));
			await(auth.userGrantRole(bytes("app"), bytes("locks")));
			await(auth.authEnable());
		}
	}

	@Test
	void userAllowedOnlyTheLockPrefixLocksWithItsCredentials() {
		this.contextRunner.withPropertyValues("distributed-lock.etcd.password=" + PASSWORD).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(EtcdLockBackend.class);
			assertThat(context.getBean(LockOperations.class).execute("report", Duration.ofSeconds(5), () -> "ran"))
				.isEqualTo("ran");
		});
	}

	@Test
	void wrongPasswordFailsStartupNamingTheUserNeverThePassword(CapturedOutput output) {
		this.contextRunner.withPropertyValues("distributed-lock.etcd.password=" + WRONG_PASSWORD).run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			assertThat(failure).hasStackTraceContaining("Could not start locking on etcd at [" + etcd.endpoint()
					+ "] as user 'app'")
				.hasStackTraceContaining("distributed-lock.etcd.username, distributed-lock.etcd.password")
				.hasStackTraceContaining("distributed-lock.etcd.fail-fast=false");
			assertThat(stackTrace(failure)).doesNotContain(WRONG_PASSWORD);
		});
		assertThat(output).doesNotContain(WRONG_PASSWORD);
	}

	@Test
	void wrongPasswordWithoutFailFastStartsAndEachLockFails(CapturedOutput output) {
		this.contextRunner
			.withPropertyValues("distributed-lock.etcd.password=" + WRONG_PASSWORD, "distributed-lock.etcd.fail-fast=false")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThatExceptionOfType(LockBackendException.class)
					.isThrownBy(() -> context.getBean(LockOperations.class).execute("report", Duration.ofSeconds(1),
							() -> "ran"))
					.withMessageContaining("'report'")
					.withMessageNotContaining(WRONG_PASSWORD);
			});
		assertThat(output).contains("starting anyway (fail-fast=false)").doesNotContain(WRONG_PASSWORD);
	}

	private static String stackTrace(Throwable failure) {
		StringWriter text = new StringWriter();
		failure.printStackTrace(new PrintWriter(text));
		return text.toString();
	}

	private static void await(CompletableFuture<?> future) throws Exception {
		future.get(10, TimeUnit.SECONDS);
	}

	private static ByteSequence bytes(String text) {
		return ByteSequence.from(text, StandardCharsets.UTF_8);
	}

}
