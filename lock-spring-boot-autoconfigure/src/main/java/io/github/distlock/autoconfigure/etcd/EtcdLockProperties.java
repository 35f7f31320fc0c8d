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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.DeprecatedConfigurationProperty;

/**
 * Configuration properties of the etcd lock backend: the jetcd client, the lease every lock
 * of the application is bound to, and where contender keys live.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("distributed-lock.etcd")
public class EtcdLockProperties {

	/**
	 * Client URLs of the etcd cluster's members.
	 */
	private List<String> endpoints = new ArrayList<>(List.of("http://localhost:2379"));

	/**
	 * Key prefix that every key of this client is relative to (jetcd's namespace).
	 */
	private @Nullable String namespace;

	/**
	 * User to authenticate as, when etcd's authentication is on.
	 */
	private @Nullable String username;

	/**
	 * Password of the user.
	 */
	private @Nullable String password;

	/**
	 * Whether start-up fails when etcd cannot be reached, or refuses the credentials, within the
	 * connect timeout. When false, the application starts and locks fail until etcd answers.
	 */
	private boolean failFast = true;

	/**
	 * How long to wait for a connection to etcd.
	 */
	private Duration connectTimeout = Duration.ofSeconds(10);

	/**
	 * Time to live of the application's lease, in whole seconds; below 2 seconds it is raised
	 * to 2 seconds, the least etcd grants. A crashed holder's locks are freed after it; a holder
	 * whose latest renewal that etcd answered was sent that long ago is told its locks are lost.
	 */
	private Duration leaseTtl = Duration.ofSeconds(30);

	/**
	 * Key prefix under which every lock's contender keys live.
	 */
	private String rootPath = "/Locks";

	private final LockLost lockLost = new LockLost();

	private final Health health = new Health();

	private final Ssl ssl = new Ssl();

	private final LocalQueue localQueue = new LocalQueue();

	public List<String> getEndpoints() {
		return this.endpoints;
	}

	public void setEndpoints(List<String> endpoints) {
		this.endpoints = endpoints;
	}

	public @Nullable String getNamespace() {
		return this.namespace;
	}

	public void setNamespace(@Nullable String namespace) {
		this.namespace = namespace;
	}

	public @Nullable String getUsername() {
		return this.username;
	}

	public void setUsername(@Nullable String username) {
		this.username = username;
	}

	public @Nullable String getPassword() {
		return this.password;
	}

	public void setPassword(@Nullable String password) {
		this.password = password;
	}

	public boolean isFailFast() {
		return this.failFast;
	}

	public void setFailFast(boolean failFast) {
		this.failFast = failFast;
	}

	public Duration getConnectTimeout() {
		return this.connectTimeout;
	}

	public void setConnectTimeout(Duration connectTimeout) {
		this.connectTimeout = connectTimeout;
	}

	public Duration getLeaseTtl() {
		return this.leaseTtl;
	}

	public void setLeaseTtl(Duration leaseTtl) {
		this.leaseTtl = leaseTtl;
	}

	public String getRootPath() {
		return this.rootPath;
	}

	public void setRootPath(String rootPath) {
		this.rootPath = rootPath;
	}

	public LockLost getLockLost() {
		return this.lockLost;
	}

	public Health getHealth() {
		return this.health;
	}

	public Ssl getSsl() {
		return this.ssl;
	}

	public LocalQueue getLocalQueue() {
		return this.localQueue;
	}

	/**
	 * What happens to the holder of a lock whose lease ended.
	 */
	public static class LockLost {

		/**
		 * Whether to interrupt the holder's thread when its lock is lost (unless it already
		 * released the lock).
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
	 * The {@code etcd} health indicator.
	 */
	public static class Health {

		/**
		 * How long the health check waits for etcd to answer before it reports DOWN.
		 */
		private Duration timeout = Duration.ofSeconds(1);

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			if (timeout.isNegative() || timeout.isZero()) {
				throw new IllegalArgumentException(
						"distributed-lock.etcd.health.timeout must be positive, but was " + timeout);
			}
			this.timeout = timeout;
		}

	}

	/**
	 * TLS to etcd.
	 */
	public static class Ssl {

		/**
		 * Name of the Spring Boot SSL bundle ({@code spring.ssl.bundle.*}) whose trust store
		 * verifies etcd's certificate and whose key store, if any, holds the client certificate.
		 * The endpoints then use {@code https}.
		 */
		private @Nullable String bundle;

		public @Nullable String getBundle() {
			return this.bundle;
		}

		public void setBundle(@Nullable String bundle) {
			this.bundle = bundle;
		}

	}

	/**
	 * Two-level locking: threads of this JVM that want the same lock queue locally first.
	 */
	public static class LocalQueue {

		/**
		 * Whether threads of this JVM that want the same lock queue locally, in FIFO order, so
		 * that only one of them at a time has a contender key in etcd.
		 */
		private boolean enabled = true;

		/**
		 * How many times in a row a held MUTEX lock may pass directly to the next waiting thread
		 * of this JVM, without deleting its key in etcd; 0 never hands off. Bounded so that other
		 * processes get their turn.
		 */
		private int maxHandoffs = 8;

		/**
		 * How long after a MUTEX lock was acquired in etcd it may still be handed off to the next
		 * waiting thread of this JVM.
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

}
