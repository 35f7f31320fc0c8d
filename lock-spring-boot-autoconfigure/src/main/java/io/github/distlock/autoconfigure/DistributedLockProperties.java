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

package io.github.distlock.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.interceptor.NamedLockSettings;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.DeprecatedConfigurationProperty;
import org.springframework.core.Ordered;

/**
 * Configuration properties of distributed locking that hold for every lock backend: the
 * engine's ({@code local-queue}, {@code lock-lost}, {@code revocation}) among them. Each backend
 * has its own for its connection:
 * {@link io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockProperties},
 * {@link io.github.distlock.autoconfigure.etcd.EtcdLockProperties}.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("distributed-lock")
public class DistributedLockProperties {

	/**
	 * Whether to enable distributed locking.
	 */
	private boolean enabled = true;

	/**
	 * Lock service to use. When not set: ZooKeeper if its backend is on the class path, else
	 * etcd.
	 */
	private @Nullable Backend backend;

	/**
	 * How long to wait for a lock when @DistributedLock gives no wait time (waitTime < 0).
	 */
	private Duration defaultWaitTime = Duration.ofSeconds(10);

	/**
	 * How long a lock of a @DistributedLock method is held at most when neither the annotation
	 * nor its name sets maxHold; if the method still runs then, the lock is given up for it.
	 * Unset: such locks are held until the method returns.
	 */
	private @Nullable Duration defaultMaxHold;

	/**
	 * Order of the lock advisor. The default puts it just before the transaction advisor, so
	 * that a lock is acquired before a transaction begins and released after it ends.
	 */
	private int order = Ordered.LOWEST_PRECEDENCE - 1;

	private final LocalQueue localQueue = new LocalQueue();

	private final Cache cache = new Cache();

	private final LockLost lockLost = new LockLost();

	private final Revocation revocation = new Revocation();

	private final Metrics metrics = new Metrics();

	private final Observations observations = new Observations();

	private final Fencing fencing = new Fencing();

	/**
	 * Settings of the locks whose @DistributedLock has a name, by that name: each one set takes
	 * precedence over the annotation's.
	 */
	private final Map<String, NamedLock> locks = new LinkedHashMap<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public @Nullable Backend getBackend() {
		return this.backend;
	}

	public void setBackend(@Nullable Backend backend) {
		this.backend = backend;
	}

	public Duration getDefaultWaitTime() {
		return this.defaultWaitTime;
	}

	public void setDefaultWaitTime(Duration defaultWaitTime) {
		if (defaultWaitTime.isNegative()) {
			throw new IllegalArgumentException("distributed-lock.default-wait-time must not be negative");
		}
		this.defaultWaitTime = defaultWaitTime;
	}

	public @Nullable Duration getDefaultMaxHold() {
		return this.defaultMaxHold;
	}

	public void setDefaultMaxHold(@Nullable Duration defaultMaxHold) {
		if (defaultMaxHold != null && defaultMaxHold.isNegative()) {
			throw new IllegalArgumentException("distributed-lock.default-max-hold must not be negative");
		}
		this.defaultMaxHold = defaultMaxHold;
	}

	public int getOrder() {
		return this.order;
	}

	public void setOrder(int order) {
		this.order = order;
	}

	public LocalQueue getLocalQueue() {
		return this.localQueue;
	}

	public Cache getCache() {
		return this.cache;
	}

	public LockLost getLockLost() {
		return this.lockLost;
	}

	public Revocation getRevocation() {
		return this.revocation;
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public Map<String, NamedLock> getLocks() {
		return this.locks;
	}

	public Observations getObservations() {
		return this.observations;
	}

	public Fencing getFencing() {
		return this.fencing;
	}

	/**
	 * A lock service.
	 */
	public enum Backend {

		/** Apache ZooKeeper, through Curator ({@code lock-spring-boot-starter}). */
		ZOOKEEPER,

		/** etcd, through jetcd ({@code lock-spring-boot-starter-etcd}). */
		ETCD

	}

	/**
	 * Micrometer metrics of distributed locks.
	 */
	public static class Metrics {

		/**
		 * Whether to record lock metrics when a MeterRegistry bean exists.
		 */
		private boolean enabled = true;

		@Deprecated(since = "0.1.0")
		@DeprecatedConfigurationProperty(replacement = "management.metrics.enable.distributed.lock",
				reason = "Spring Boot's own switch for meters does the same", since = "0.1.0")
		public boolean isEnabled() {
			return this.enabled;
		}

		@Deprecated(since = "0.1.0")
		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * Micrometer observations (tracing spans) of distributed locks.
	 */
	public static class Observations {

		/**
		 * Whether to observe each wait for a lock and each hold when an ObservationRegistry bean
		 * exists.
		 */
		private boolean enabled = true;

		@Deprecated(since = "0.1.0")
		@DeprecatedConfigurationProperty(replacement = "management.observations.enable.distributed.lock",
				reason = "Spring Boot's own switch for observations does the same", since = "0.1.0")
		public boolean isEnabled() {
			return this.enabled;
		}

		@Deprecated(since = "0.1.0")
		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * Two-level locking, on every backend: the threads of one JVM queue locally for a lock
	 * before one of them contends in the lock service.
	 */
	public static class LocalQueue {

		/**
		 * Whether threads of this JVM that want the same lock queue locally, in FIFO order, so
		 * that only one of them at a time contends in the lock service.
		 */
		private boolean enabled = true;

		/**
		 * How many times in a row a held MUTEX lock may pass directly to the next waiting thread
		 * of this JVM, without being released in the lock service; 0 never hands off. Bounded so
		 * that other processes get their turn.
		 */
		private int maxHandoffs = 8;

		/**
		 * How long after a MUTEX lock was acquired in the lock service it may still be handed
		 * off to the next waiting thread of this JVM.
		 */
		private Duration maxHandoffTime = Duration.ofMillis(100);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getMaxHandoffs() {
			return this.maxHandoffs;
		}

		public void setMaxHandoffs(int maxHandoffs) {
			if (maxHandoffs < 0 || maxHandoffs > FencingTokens.MAX_HANDOFFS) {
				throw new IllegalArgumentException("distributed-lock.local-queue.max-handoffs must be between 0 and "
						+ FencingTokens.MAX_HANDOFFS + ", but was " + maxHandoffs);
			}
			this.maxHandoffs = maxHandoffs;
		}

		public Duration getMaxHandoffTime() {
			return this.maxHandoffTime;
		}

		public void setMaxHandoffTime(Duration maxHandoffTime) {
			if (maxHandoffTime.isNegative()) {
				throw new IllegalArgumentException("distributed-lock.local-queue.max-handoff-time must not be negative");
			}
			this.maxHandoffTime = maxHandoffTime;
		}

	}

	/**
	 * Lock caching, on every backend: a MUTEX lock released by the last thread of this JVM that
	 * held it stays held in the lock service, idle, so that the next thread of this JVM takes it
	 * with no round trip. Needs the local queue.
	 */
	public static class Cache {

		/**
		 * Whether released MUTEX locks are kept for the next thread of this JVM, from a key's
		 * second use within the idle time. A kept lock is given up as soon as another process
		 * queues for it, once it was idle for the idle time, while the session or lease is in
		 * doubt, and when the application stops. On by default, with the local queue it needs:
		 * off when the local queue is off, unless set (then start-up fails).
		 */
		private boolean enabled = true;

		/**
		 * How long a kept lock stays unused at most before it is released in the lock service.
		 */
		private Duration idleTime = Duration.ofSeconds(1);

		/**
		 * How many locks are kept at most; beyond it, the longest idle is released first.
		 */
		private int maxLocks = 1000;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public Duration getIdleTime() {
			return this.idleTime;
		}

		public void setIdleTime(Duration idleTime) {
			if (idleTime.isNegative() || idleTime.isZero()) {
				throw new IllegalArgumentException("distributed-lock.cache.idle-time must be positive");
			}
			this.idleTime = idleTime;
		}

		public int getMaxLocks() {
			return this.maxLocks;
		}

		public void setMaxLocks(int maxLocks) {
			if (maxLocks < 1) {
				throw new IllegalArgumentException("distributed-lock.cache.max-locks must be at least 1, but was "
						+ maxLocks);
			}
			this.maxLocks = maxLocks;
		}

	}

	/**
	 * Fences of {@code @DistributedLock(fenced = true)} methods in the application's database.
	 */
	public static class Fencing {

		/**
		 * The table of the fences, one row per lock key (JdbcFences).
		 */
		private String table = "distributed_lock_fence";

		/**
		 * Whether to create the fence table at start-up, if it is missing and a @DistributedLock
		 * method is fenced; turn it off when a migration of the application creates the table.
		 */
		private boolean createTable = true;

		public String getTable() {
			return this.table;
		}

		public void setTable(String table) {
			this.table = table;
		}

		public boolean isCreateTable() {
			return this.createTable;
		}

		public void setCreateTable(boolean createTable) {
			this.createTable = createTable;
		}

	}

	/**
	 * Settings of one named lock ({@code @DistributedLock(name = ...)}); each one left unset
	 * keeps the annotation's.
	 */
	public static class NamedLock {

		/**
		 * How long to wait for the lock; 0 tries once.
		 */
		private @Nullable Duration wait;

		/**
		 * The lock type.
		 */
		private @Nullable LockType type;

		/**
		 * What happens when the lock cannot be had: THROW, SKIP or FALLBACK (FALLBACK needs the
		 * annotation's fallback method).
		 */
		private @Nullable LockFailurePolicy onFailure;

		/**
		 * How long after its acquisition the lock is held at most: if the method still runs
		 * then, the lock is given up for it (lost for the method, taken by the next holder with
		 * a greater fencing token). Not shorter than the annotation's holdAtLeast.
		 */
		private @Nullable Duration maxHold;

		/**
		 * How many holders the lock has at most; only for type SEMAPHORE, at least 1.
		 */
		private @Nullable Integer permits;

		public @Nullable Duration getWait() {
			return this.wait;
		}

		public void setWait(@Nullable Duration wait) {
			this.wait = wait;
		}

		public @Nullable LockType getType() {
			return this.type;
		}

		public void setType(@Nullable LockType type) {
			this.type = type;
		}

		public @Nullable LockFailurePolicy getOnFailure() {
			return this.onFailure;
		}

		public void setOnFailure(@Nullable LockFailurePolicy onFailure) {
			this.onFailure = onFailure;
		}

		public @Nullable Duration getMaxHold() {
			return this.maxHold;
		}

		public void setMaxHold(@Nullable Duration maxHold) {
			this.maxHold = maxHold;
		}

		public @Nullable Integer getPermits() {
			return this.permits;
		}

		public void setPermits(@Nullable Integer permits) {
			this.permits = permits;
		}

		NamedLockSettings toSettings() {
			return new NamedLockSettings(this.wait, this.type, this.onFailure, this.maxHold, this.permits);
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

		public boolean isInterruptHolder() {
			return this.interruptHolder;
		}

		public void setInterruptHolder(boolean interruptHolder) {
			this.interruptHolder = interruptHolder;
		}

	}

	/**
	 * What happens when a held lock is lost (its session or lease expired or was lost).
	 */
	public static class LockLost {

		/**
		 * Whether to interrupt the thread holding a lock as soon as the lock is lost.
		 */
		private boolean interruptHolder;

		/**
		 * Whether a locked method or callback that returns after its lock was lost throws
		 * LockLostException. When false, a warning is logged and the result returned.
		 */
		private boolean failOnReturn = true;

		/**
		 * Whether to roll back, instead of committing, a transaction whose thread holds a lock
		 * that is lost or in doubt.
		 */
		private boolean rollbackTransaction = true;

		/**
		 * How long this process may not run (stopped, or paused by the garbage collector) and
		 * its held locks stay held: after a longer pause they are IN_DOUBT, and the commit guard
		 * refuses commits, until one round trip to the lock service sent after the pause confirms
		 * them (ZooKeeper: a read of each lock's node; etcd: a keep-alive of the lease). Keep it
		 * well below the session timeout or lease time to live. 0 turns the watch off; otherwise
		 * at least 100ms.
		 */
		private Duration pauseTolerance = Duration.ofSeconds(2);

		public boolean isInterruptHolder() {
			return this.interruptHolder;
		}

		public void setInterruptHolder(boolean interruptHolder) {
			this.interruptHolder = interruptHolder;
		}

		public boolean isFailOnReturn() {
			return this.failOnReturn;
		}

		public void setFailOnReturn(boolean failOnReturn) {
			this.failOnReturn = failOnReturn;
		}

		public Duration getPauseTolerance() {
			return this.pauseTolerance;
		}

		public void setPauseTolerance(Duration pauseTolerance) {
			this.pauseTolerance = pauseTolerance;
		}

		public boolean isRollbackTransaction() {
			return this.rollbackTransaction;
		}

		public void setRollbackTransaction(boolean rollbackTransaction) {
			this.rollbackTransaction = rollbackTransaction;
		}

	}

}
