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

import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.DeprecatedConfigurationProperty;

/**
 * Configuration properties of the ZooKeeper lock backend: the Curator client (with TLS, SASL
 * and ACLs), where lock nodes live, and the health check. Its {@code local-queue},
 * {@code lock-lost} and {@code revocation} groups are deprecated aliases of the backend-neutral
 * properties. About half of its length is the javadoc of each property, which becomes the IDE's
 * metadata.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("distributed-lock.zookeeper")
public class ZooKeeperLockProperties {

	/**
	 * Comma-separated host:port pairs of the ZooKeeper ensemble, optionally followed by a chroot
	 * path.
	 */
	private String connectString = "localhost:2181";

	/**
	 * ZooKeeper session timeout. A crashed holder's locks are freed after it; the server bounds
	 * it between 2 and 20 ticks (4s and 40s by default).
	 */
	private Duration sessionTimeout = Duration.ofSeconds(30);

	/**
	 * How long to wait for a connection, at start-up and per attempt.
	 */
	private Duration connectionTimeout = Duration.ofSeconds(15);

	/**
	 * Namespace (chroot) that every path of this client is relative to.
	 */
	private @Nullable String namespace;

	/**
	 * Whether start-up fails when ZooKeeper cannot be reached within the connection timeout.
	 * When false, the application starts and locks fail until it connects.
	 */
	private boolean failFast = true;

	/**
	 * ZooKeeper path under which every lock node lives.
	 */
	private String rootPath = "/Locks";

	/**
	 * The ACL of every node the starter creates (the root path, lock paths, lock nodes):
	 * "open" lets any client read, change and delete them; "creator-all" grants everything to
	 * the identity the client authenticated as (distributed-lock.zookeeper.auth) and nothing to
	 * anybody else. An ACLProvider bean replaces it.
	 */
	private Acl acl = Acl.OPEN;

	private final Auth auth = new Auth();

	private final Ssl ssl = new Ssl();

	private final Sasl sasl = new Sasl();

	private final Retry retry = new Retry();

	private final LocalQueue localQueue = new LocalQueue();

	private final LockLost lockLost = new LockLost();

	private final Revocation revocation = new Revocation();

	private final Health health = new Health();

	public String getConnectString() {
		return this.connectString;
	}

	public void setConnectString(String connectString) {
		this.connectString = connectString;
	}

	public Duration getSessionTimeout() {
		return this.sessionTimeout;
	}

	public void setSessionTimeout(Duration sessionTimeout) {
		this.sessionTimeout = sessionTimeout;
	}

	public Duration getConnectionTimeout() {
		return this.connectionTimeout;
	}

	public void setConnectionTimeout(Duration connectionTimeout) {
		this.connectionTimeout = connectionTimeout;
	}

	public @Nullable String getNamespace() {
		return this.namespace;
	}

	public void setNamespace(@Nullable String namespace) {
		this.namespace = namespace;
	}

	public boolean isFailFast() {
		return this.failFast;
	}

	public void setFailFast(boolean failFast) {
		this.failFast = failFast;
	}

	public String getRootPath() {
		return this.rootPath;
	}

	public void setRootPath(String rootPath) {
		this.rootPath = rootPath;
	}

	public Acl getAcl() {
		return this.acl;
	}

	public void setAcl(Acl acl) {
		this.acl = acl;
	}

	public Auth getAuth() {
		return this.auth;
	}

	public Ssl getSsl() {
		return this.ssl;
	}

	public Sasl getSasl() {
		return this.sasl;
	}

	public Retry getRetry() {
		return this.retry;
	}

	public LocalQueue getLocalQueue() {
		return this.localQueue;
	}

	public Revocation getRevocation() {
		return this.revocation;
	}

	public LockLost getLockLost() {
		return this.lockLost;
	}

	public Health getHealth() {
		return this.health;
	}

	/**
	 * The ACL of the nodes the starter creates.
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
	 * Authentication of the client to ZooKeeper, sent again in every new session.
	 */
	public static class Auth {

		/**
		 * Authentication scheme, such as "digest" (then credentials are "user:password"). For
		 * SASL, leave it unset and configure JAAS instead.
		 */
		private @Nullable String scheme;

		/**
		 * Credentials for the scheme; never logged nor shown.
		 */
		private @Nullable String credentials;

		public @Nullable String getScheme() {
			return this.scheme;
		}

		public void setScheme(@Nullable String scheme) {
			this.scheme = scheme;
		}

		public @Nullable String getCredentials() {
			return this.credentials;
		}

		public void setCredentials(@Nullable String credentials) {
			this.credentials = credentials;
		}

	}

	/**
	 * SASL authentication (DIGEST-MD5, Kerberos) through a JAAS login context.
	 */
	public static class Sasl {

		/**
		 * JAAS login context (a section of the JAAS configuration, java.security.auth.login.config)
		 * the client authenticates with. Setting it makes start-up wait until ZooKeeper accepts the
		 * authentication, and fail when it refuses it.
		 */
		private @Nullable String loginContext;

		/**
		 * Whether the ZooKeeper client runs in FIPS mode (ZooKeeper's default), which refuses
		 * the DIGEST-MD5 mechanism; set it to false to authenticate with DIGEST-MD5.
		 */
		private boolean fipsMode = true;

		public @Nullable String getLoginContext() {
			return this.loginContext;
		}

		public void setLoginContext(@Nullable String loginContext) {
			this.loginContext = loginContext;
		}

		public boolean isFipsMode() {
			return this.fipsMode;
		}

		public void setFipsMode(boolean fipsMode) {
			this.fipsMode = fipsMode;
		}

	}

	/**
	 * TLS to ZooKeeper's secure client port, through ZooKeeper's Netty client.
	 */
	public static class Ssl {

		/**
		 * Whether to connect with TLS. Without a bundle, the JVM's default trust store
		 * verifies the server's certificate.
		 */
		private boolean enabled;

		/**
		 * Name of a Spring Boot SSL bundle (spring.ssl.bundle.*) whose trust store verifies
		 * ZooKeeper's certificate and whose key store, if any, holds the client certificate.
		 * Setting it enables TLS.
		 */
		private @Nullable String bundle;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable String getBundle() {
			return this.bundle;
		}

		public void setBundle(@Nullable String bundle) {
			this.bundle = bundle;
		}

	}

	/**
	 * Retry of ZooKeeper operations (exponential back-off).
	 */
	public static class Retry {

		/**
		 * Initial sleep between retries.
		 */
		private Duration baseSleep = Duration.ofSeconds(1);

		/**
		 * Maximum number of retries.
		 */
		private int maxRetries = 3;

		/**
		 * Maximum sleep between retries.
		 */
		private Duration maxSleep = Duration.ofSeconds(8);

		public Duration getBaseSleep() {
			return this.baseSleep;
		}

		public void setBaseSleep(Duration baseSleep) {
			this.baseSleep = baseSleep;
		}

		public int getMaxRetries() {
			return this.maxRetries;
		}

		public void setMaxRetries(int maxRetries) {
			this.maxRetries = maxRetries;
		}

		public Duration getMaxSleep() {
			return this.maxSleep;
		}

		public void setMaxSleep(Duration maxSleep) {
			this.maxSleep = maxSleep;
		}

	}

	/**
	 * Two-level locking: the threads of one JVM queue locally for a lock before one of them
	 * contends in ZooKeeper.
	 */
	public static class LocalQueue {

		/**
		 * Whether threads of this JVM that want the same lock queue locally, in FIFO order, so
		 * that only one of them at a time contends in ZooKeeper.
		 */
		private boolean enabled = true;

		/**
		 * How many times in a row a held MUTEX lock may pass directly to the next waiting thread
		 * of this JVM, without releasing it in ZooKeeper; 0 never hands off. Bounded so that
		 * other processes get their turn.
		 */
		private int maxHandoffs = 8;

		/**
		 * How long after a MUTEX lock was acquired in ZooKeeper it may still be handed off to the
		 * next waiting thread of this JVM.
		 */
		private Duration maxHandoffTime = Duration.ofMillis(100);

		@Deprecated(since = "0.1.0")
		@DeprecatedConfigurationProperty(replacement = "distributed-lock.local-queue.enabled",
				reason = "One setting for the engine of every backend", since = "0.1.0")
		public boolean isEnabled() {
			return this.enabled;
		}

		@Deprecated(since = "0.1.0")
		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		@Deprecated(since = "0.1.0")
		@DeprecatedConfigurationProperty(replacement = "distributed-lock.local-queue.max-handoffs",
				reason = "One setting for the engine of every backend", since = "0.1.0")
		public int getMaxHandoffs() {
			return this.maxHandoffs;
		}

		@Deprecated(since = "0.1.0")
		public void setMaxHandoffs(int maxHandoffs) {
			this.maxHandoffs = maxHandoffs;
		}

		@Deprecated(since = "0.1.0")
		@DeprecatedConfigurationProperty(replacement = "distributed-lock.local-queue.max-handoff-time",
				reason = "One setting for the engine of every backend", since = "0.1.0")
		public Duration getMaxHandoffTime() {
			return this.maxHandoffTime;
		}

		@Deprecated(since = "0.1.0")
		public void setMaxHandoffTime(Duration maxHandoffTime) {
			this.maxHandoffTime = maxHandoffTime;
		}

	}

	/**
	 * What happens when the revocation of a revocable lock is requested.
	 */
	public static class Revocation {

		/**
		 * Whether to interrupt the thread holding a revocable lock when its revocation is
		 * requested (it is told either way, and keeps the lock until it releases it).
		 */
		private boolean interruptHolder;

		@Deprecated(since = "0.1.0")
		@DeprecatedConfigurationProperty(replacement = "distributed-lock.revocation.interrupt-holder",
				reason = "One setting for the engine of every backend", since = "0.1.0")
		public boolean isInterruptHolder() {
			return this.interruptHolder;
		}

		@Deprecated(since = "0.1.0")
		public void setInterruptHolder(boolean interruptHolder) {
			this.interruptHolder = interruptHolder;
		}

	}

	public static class LockLost {

		/**
		 * Whether to interrupt the thread holding a lock as soon as the lock is lost.
		 */
		private boolean interruptHolder;

		@Deprecated(since = "0.1.0")
		@DeprecatedConfigurationProperty(replacement = "distributed-lock.lock-lost.interrupt-holder",
				reason = "One setting for the engine of every backend", since = "0.1.0")
		public boolean isInterruptHolder() {
			return this.interruptHolder;
		}

		@Deprecated(since = "0.1.0")
		public void setInterruptHolder(boolean interruptHolder) {
			this.interruptHolder = interruptHolder;
		}

	}

	/**
	 * The zookeeper health indicator (switched off by management.health.zookeeper.enabled).
	 */
	public static class Health {

		/**
		 * How long the health check waits for ZooKeeper to answer before it reports DOWN.
		 */
		private Duration timeout = Duration.ofSeconds(1);

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			if (timeout.isNegative() || timeout.isZero()) {
				throw new IllegalArgumentException(
						"distributed-lock.zookeeper.health.timeout must be positive, but was " + timeout);
			}
			this.timeout = timeout;
		}

	}

}
