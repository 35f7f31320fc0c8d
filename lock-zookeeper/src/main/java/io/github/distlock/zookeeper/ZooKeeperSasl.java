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

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import javax.security.auth.login.Configuration;

import io.github.distlock.core.LockBackendException;
import io.github.distlock.zookeeper.CuratorClientFactory.Setting;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.apache.zookeeper.client.ZKClientConfig;
import org.jspecify.annotations.Nullable;

/**
 * SASL authentication to ZooKeeper through a JAAS login context. ZooKeeper opens the session before the SASL exchange, and Curator reports the
 * connection as made either way: a refused authentication shows only as an {@code AuthFailed}
 * event, after which every operation fails. So start-up waits for that event or for
 * {@code SaslAuthenticated}.
 */
final class ZooKeeperSasl {

	private final String loginContext;

	private final boolean fipsMode;

	private final Function<Setting, String> names;

	private ZooKeeperSasl(String loginContext, boolean fipsMode, Function<Setting, String> names) {
		this.loginContext = loginContext;
		this.fipsMode = fipsMode;
		this.names = names;
	}

	/**
	 * Checks the login context.
	 * @param loginContext the JAAS login context, or {@code null} for none
	 * @param fipsMode whether the client runs in FIPS mode
	 * @param names how messages name the settings
	 * @return the SASL settings, or {@code null} when no login context is set
	 * @throws IllegalStateException if the JAAS configuration has no such login context
	 */
	static @Nullable ZooKeeperSasl of(@Nullable String loginContext, boolean fipsMode,
			Function<Setting, String> names) {
		if (loginContext == null || loginContext.isBlank()) {
			return null;
		}
		if (jaasEntries(loginContext) == null) {
			throw new IllegalStateException(names.apply(Setting.SASL_LOGIN_CONTEXT) + " is '" + loginContext
					+ "' but the JAAS configuration has no such login context (java.security.auth.login.config)");
		}
		return new ZooKeeperSasl(loginContext, fipsMode, names);
	}

	private static Object @Nullable [] jaasEntries(String context) {
		try {
			return Configuration.getConfiguration().getAppConfigurationEntry(context);
		}
		catch (SecurityException ex) {
			return null;
		}
	}

	void applyTo(ZKClientConfig config) {
		config.setProperty(ZKClientConfig.ENABLE_CLIENT_SASL_KEY, "true");
		config.setProperty(ZKClientConfig.LOGIN_CONTEXT_NAME_KEY, this.loginContext);
		config.setProperty("zookeeper.fips-mode", String.valueOf(this.fipsMode));
	}

	String loginContext() {
		return this.loginContext;
	}

	/**
	 * Listens for the outcome of the authentication; called before the client starts.
	 */
	Outcome listen(CuratorFramework client) {
		Outcome outcome = new Outcome();
		client.getCuratorListenable().addListener((source, event) -> {
			if (event.getType() == CuratorEventType.WATCHED && event.getWatchedEvent() != null) {
				outcome.seen(event.getWatchedEvent().getState());
			}
		});
		return outcome;
	}

	/**
	 * What ZooKeeper answered to the client's SASL authentication.
	 */
	static final class Outcome {

		private final AtomicReference<@Nullable KeeperState> state = new AtomicReference<>();

		private final CountDownLatch decided = new CountDownLatch(1);

		private void seen(@Nullable KeeperState state) {
			if ((state == KeeperState.SaslAuthenticated || state == KeeperState.AuthFailed)
					&& this.state.compareAndSet(null, state)) {
				this.decided.countDown();
			}
		}

		/**
		 * Waits for ZooKeeper's answer.
		 * @return {@code null} when it accepted the authentication, otherwise why not
		 */
		@Nullable String awaitRefusal(long timeoutMillis) throws InterruptedException {
			if (!this.decided.await(timeoutMillis, TimeUnit.MILLISECONDS)) {
				return "no answer to the SASL authentication within " + timeoutMillis + " ms";
			}
			return (this.state.get() == KeeperState.AuthFailed) ? "the SASL authentication was refused (AuthFailed)"
					: null;
		}

	}

	/**
	 * The failure of a refused authentication: names the login context, never a credential.
	 */
	LockBackendException refused(String connectString, String why) {
		return new LockBackendException("ZooKeeper at '" + connectString + "': " + why + " for JAAS login context '"
				+ this.loginContext + "' (" + this.names.apply(Setting.SASL_LOGIN_CONTEXT) + "): wrong credentials in "
				+ "that login context, a user the server does not know, or a mechanism it refuses"
				+ (this.fipsMode ? " (DIGEST-MD5 needs " + this.names.apply(Setting.SASL_FIPS_MODE) + "=false)" : ""),
				null);
	}

}
