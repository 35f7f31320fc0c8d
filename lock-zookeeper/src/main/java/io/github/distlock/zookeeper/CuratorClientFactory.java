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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

import io.github.distlock.core.LockBackendException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.client.ZKClientConfig;
import org.jspecify.annotations.Nullable;

/**
 * Makes a started {@link CuratorFramework} for the lock backend from plain values: timeouts,
 * retries, namespace, authentication (a scheme, or SASL through a JAAS login context), the ACL of
 * the nodes it creates, TLS, and whether start-up fails when ZooKeeper cannot be reached. The
 * auto-configuration reads these values from {@code distributed-lock.zookeeper.*}; an
 * application without it sets them here.
 * <p>
 * {@link #start()} waits up to the connection timeout for the connection, and, with SASL, for
 * ZooKeeper's answer to the authentication, which Curator does not wait for. Its failures name the
 * settings to look at as {@link #settingNames(Function)} tells, and never a credential.
 * <pre class="code">
 * CuratorFramework client = new CuratorClientFactory("zk1:2181,zk2:2181")
 * 	.authorization("digest", "locks:" + password)
 * 	.acl(CuratorClientFactory.Acl.CREATOR_ALL)
 * 	.start();
 * </pre>
 * A factory is a mutable builder, not thread-safe; {@link #start()} may be called more than once,
 * each time for a new client.
 *
 * @since 0.1.0
 */
public final class CuratorClientFactory {

	private static final Log logger = LogFactory.getLog(CuratorClientFactory.class);

	private final String connectString;

	private Duration sessionTimeout = Duration.ofSeconds(30);

	private Duration connectionTimeout = Duration.ofSeconds(15);

	private Duration retryBaseSleep = Duration.ofSeconds(1);

	private int retryMaxRetries = 3;

	private Duration retryMaxSleep = Duration.ofSeconds(8);

	private @Nullable String namespace;

	private @Nullable String authScheme;

	private @Nullable String authCredentials;

	private Acl acl = Acl.OPEN;

	private @Nullable ACLProvider aclProvider;

	private @Nullable String saslLoginContext;

	private boolean saslFipsMode = true;

	private ZooKeeperTls tls = ZooKeeperTls.disabled();

	private boolean failFast = true;

	private final List<Consumer<CuratorFrameworkFactory.Builder>> customizers = new ArrayList<>();

	private Function<Setting, String> names = Setting::defaultName;

	/**
	 * Creates a factory of clients of the given ensemble, with the defaults of the starter's
	 * properties: a 30 s session, a 15 s connection timeout, 3 retries from 1 s to 8 s apart, no
	 * authentication, open ACLs, no TLS, and a start-up that fails when ZooKeeper cannot be reached.
	 * @param connectString comma-separated {@code host:port} pairs, optionally followed by a chroot
	 * path
	 */
	public CuratorClientFactory(String connectString) {
		this.connectString = connectString;
	}

	/**
	 * Sets the session timeout the client asks for; the server bounds it.
	 * @param sessionTimeout the session timeout
	 * @return this factory
	 */
	public CuratorClientFactory sessionTimeout(Duration sessionTimeout) {
		this.sessionTimeout = sessionTimeout;
		return this;
	}

	/**
	 * Sets how long to wait for a connection, at start-up and per attempt.
	 * @param connectionTimeout the connection timeout
	 * @return this factory
	 */
	public CuratorClientFactory connectionTimeout(Duration connectionTimeout) {
		this.connectionTimeout = connectionTimeout;
		return this;
	}

	/**
	 * Sets the exponential back-off of the retries of ZooKeeper operations.
	 * @param baseSleep the initial sleep between retries
	 * @param maxRetries the maximum number of retries
	 * @param maxSleep the maximum sleep between retries
	 * @return this factory
	 */
	public CuratorClientFactory retry(Duration baseSleep, int maxRetries, Duration maxSleep) {
		this.retryBaseSleep = baseSleep;
		this.retryMaxRetries = maxRetries;
		this.retryMaxSleep = maxSleep;
		return this;
	}

	/**
	 * Sets the namespace (chroot) that every path of the client is relative to.
	 * @param namespace the namespace, or {@code null} or blank for none
	 * @return this factory
	 */
	public CuratorClientFactory namespace(@Nullable String namespace) {
		this.namespace = namespace;
		return this;
	}

	/**
	 * Sets the authentication the client sends in every session. Both or neither must be set.
	 * @param scheme the scheme, such as {@code digest}, or {@code null} for none
	 * @param credentials the credentials for the scheme ({@code user:password} for digest), never
	 * shown in a message
	 * @return this factory
	 */
	public CuratorClientFactory authorization(@Nullable String scheme, @Nullable String credentials) {
		this.authScheme = scheme;
		this.authCredentials = credentials;
		return this;
	}

	/**
	 * Sets the ACL of the nodes the client creates, unless an {@link #aclProvider(ACLProvider)}
	 * is set. {@link Acl#CREATOR_ALL} needs an identity: an {@link #authorization(String, String)}
	 * or a {@link #sasl(String, boolean) SASL login context}.
	 * @param acl the ACL
	 * @return this factory
	 */
	public CuratorClientFactory acl(Acl acl) {
		this.acl = acl;
		return this;
	}

	/**
	 * Sets the application's own ACLs of the nodes the client creates, in place of
	 * {@link #acl(Acl)}.
	 * @param aclProvider the ACLs, or {@code null} to use {@link #acl(Acl)}
	 * @return this factory
	 */
	public CuratorClientFactory aclProvider(@Nullable ACLProvider aclProvider) {
		this.aclProvider = aclProvider;
		return this;
	}

	/**
	 * Sets SASL authentication (DIGEST-MD5, Kerberos) through a JAAS login context; start-up
	 * then waits until ZooKeeper accepts the authentication, and fails when it refuses it.
	 * @param loginContext the section of the JAAS configuration the client authenticates with,
	 * or {@code null} or blank for no SASL
	 * @param fipsMode whether the client runs in FIPS mode (ZooKeeper's default), which refuses
	 * DIGEST-MD5
	 * @return this factory
	 */
	public CuratorClientFactory sasl(@Nullable String loginContext, boolean fipsMode) {
		this.saslLoginContext = loginContext;
		this.saslFipsMode = fipsMode;
		return this;
	}

	/**
	 * Sets TLS to ZooKeeper's secure client port.
	 * @param tls the TLS settings, which the caller closes once the client is closed
	 * @return this factory
	 */
	public CuratorClientFactory tls(ZooKeeperTls tls) {
		this.tls = tls;
		return this;
	}

	/**
	 * Sets whether {@link #start()} fails when ZooKeeper cannot be reached (or refuses the SASL
	 * authentication) within the connection timeout; otherwise it logs a warning and returns the
	 * client, whose locks fail until it connects.
	 * @param failFast whether start-up fails
	 * @return this factory
	 */
	public CuratorClientFactory failFast(boolean failFast) {
		this.failFast = failFast;
		return this;
	}

	/**
	 * Adds a customization of Curator's builder, applied after the settings of this factory, in
	 * the order added.
	 * @param customizer the customization
	 * @return this factory
	 */
	public CuratorClientFactory customizer(Consumer<CuratorFrameworkFactory.Builder> customizer) {
		this.customizers.add(customizer);
		return this;
	}

	/**
	 * Sets how failures name the settings, such as by the configuration properties they were
	 * read from; by default by {@link Setting#defaultName()}.
	 * @param names the name of each setting
	 * @return this factory
	 */
	public CuratorClientFactory settingNames(Function<Setting, String> names) {
		this.names = names;
		return this;
	}

	/**
	 * Whether the client authenticates or creates nodes with an ACL other than open: a lock
	 * backend on it should then check its access at start-up.
	 * @return whether authentication or an ACL is set
	 * @throws IllegalStateException if the authentication and ACL settings do not fit together
	 */
	public boolean isSecured() {
		return security().isConfigured();
	}

	/**
	 * Describes the client's identity and ACL for a failure's message: the scheme or login
	 * context, never the credentials.
	 * @return such as {@code authenticated with scheme 'digest', creating nodes with ACL creator-all}
	 * @throws IllegalStateException if the authentication and ACL settings do not fit together
	 */
	public String describeSecurity() {
		return security().describe();
	}

	/**
	 * Builds and starts a client, and waits for its connection.
	 * @return the started client, connected unless {@link #failFast(boolean)} is {@code false}
	 * @throws IllegalStateException if the settings do not fit together, or the JAAS
	 * configuration has no such login context
	 * @throws LockBackendException if ZooKeeper cannot be reached within the connection timeout,
	 * or refuses the SASL authentication, and start-up fails fast
	 * @throws InterruptedException if interrupted while waiting for the connection
	 */
	public CuratorFramework start() throws InterruptedException {
		ZooKeeperSecurity security = security();
		ZooKeeperSasl sasl = ZooKeeperSasl.of(this.saslLoginContext, this.saslFipsMode, this.names);
		CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
			.connectString(this.connectString)
			.sessionTimeoutMs(toIntMillis(this.sessionTimeout))
			.connectionTimeoutMs(toIntMillis(this.connectionTimeout))
			.retryPolicy(new ExponentialBackoffRetry(toIntMillis(this.retryBaseSleep), this.retryMaxRetries,
					toIntMillis(this.retryMaxSleep)));
		if (this.namespace != null && !this.namespace.isBlank()) {
			builder.namespace(this.namespace);
		}
		security.applyTo(builder);
		if (this.tls.isEnabled() || sasl != null) {
			ZKClientConfig clientConfig = new ZKClientConfig();
			this.tls.applyTo(clientConfig);
			if (sasl != null) {
				sasl.applyTo(clientConfig);
			}
			builder.zkClientConfig(clientConfig);
		}
		this.customizers.forEach((customizer) -> customizer.accept(builder));
		CuratorFramework client = builder.build();
		ZooKeeperSasl.Outcome authentication = (sasl != null) ? sasl.listen(client) : null;
		client.start();
		long timeout = this.connectionTimeout.toMillis();
		boolean connected = client.blockUntilConnected(toIntMillis(this.connectionTimeout), TimeUnit.MILLISECONDS);
		if (!connected) {
			String message = "Could not connect to ZooKeeper at '" + this.connectString + "'" + describeTls()
					+ " within " + timeout + " ms (" + name(Setting.CONNECT_STRING) + ", "
					+ name(Setting.CONNECTION_TIMEOUT) + ")";
			if (this.failFast) {
				client.close();
				throw new LockBackendException(message + ". Set " + name(Setting.FAIL_FAST) + "=false to start "
						+ "anyway; locks then fail until the connection is made", null);
			}
			logger.warn(message + "; starting anyway (" + name(Setting.FAIL_FAST)
					+ "=false), locks fail until it connects");
		}
		else if (authentication != null) {
			String refusal = authentication.awaitRefusal(timeout);
			if (refusal != null) {
				LockBackendException refused = sasl.refused(this.connectString, refusal);
				if (this.failFast) {
					client.close();
					throw refused;
				}
				logger.warn(refused.getMessage() + "; starting anyway (" + name(Setting.FAIL_FAST)
						+ "=false), locks fail");
			}
		}
		return client;
	}

	private ZooKeeperSecurity security() {
		return ZooKeeperSecurity.of(this.authScheme, this.authCredentials, this.acl, this.aclProvider,
				this.saslLoginContext, this.names);
	}

	private String describeTls() {
		return this.tls.isEnabled() ? " over TLS (" + this.tls.source() + ", " + name(Setting.TLS) + ")" : "";
	}

	private String name(Setting setting) {
		return this.names.apply(setting);
	}

	private static int toIntMillis(Duration duration) {
		return (int) Math.min(Integer.MAX_VALUE, duration.toMillis());
	}

	/**
	 * The ACL of the nodes the client creates.
	 */
	public enum Acl {

		/** Any client may read, change and delete them (ZooKeeper's {@code OPEN_ACL_UNSAFE}). */
		OPEN,

		/**
		 * Only the identity the client authenticated as may read, change or delete them
		 * (ZooKeeper's {@code CREATOR_ALL_ACL}).
		 */
		CREATOR_ALL

	}

	/**
	 * A setting of the factory, as its failures name it.
	 */
	public enum Setting {

		/** The ensemble's connect string. */
		CONNECT_STRING("connectString"),

		/** The connection timeout. */
		CONNECTION_TIMEOUT("connectionTimeout"),

		/** Whether start-up fails fast. */
		FAIL_FAST("failFast"),

		/** The authentication scheme. */
		AUTHORIZATION_SCHEME("authorization scheme"),

		/** The authentication credentials. */
		AUTHORIZATION_CREDENTIALS("authorization credentials"),

		/** The ACL of the nodes the client creates. */
		ACL("acl"),

		/** The JAAS login context of SASL. */
		SASL_LOGIN_CONTEXT("sasl login context"),

		/** Whether the client runs in FIPS mode. */
		SASL_FIPS_MODE("sasl fipsMode"),

		/** TLS as a whole. */
		TLS("tls");

		private final String defaultName;

		Setting(String defaultName) {
			this.defaultName = defaultName;
		}

		/**
		 * The name failures use unless {@link CuratorClientFactory#settingNames(Function)} tells
		 * another: the factory's own.
		 * @return the name, such as {@code connectionTimeout}
		 */
		public String defaultName() {
			return this.defaultName;
		}

	}

}
