package io.github.distlock.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.Ordered;

/**
 * Configuration properties of distributed locking.
 */
@ConfigurationProperties("distributed-lock")
public class DistributedLockProperties {

	/**
	 * Whether to enable distributed locking.
	 */
	private boolean enabled = true;

	/**
	 * ZooKeeper path under which every lock node lives.
	 */
	private String rootPath = "/Locks";

	/**
	 * How long to wait for a lock when @DistributedLock gives no wait time (waitTime < 0).
	 */
	private Duration defaultWaitTime = Duration.ofSeconds(10);

	/**
	 * Order of the lock advisor. The default puts it just before the transaction advisor, so
	 * that a lock is acquired before a transaction begins and released after it ends.
	 */
	private int order = Ordered.LOWEST_PRECEDENCE - 1;

	private final Zookeeper zookeeper = new Zookeeper();

	private final LockLost lockLost = new LockLost();

	private final LocalQueue localQueue = new LocalQueue();

	private final Metrics metrics = new Metrics();

	private final Observations observations = new Observations();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getRootPath() {
		return this.rootPath;
	}

	public void setRootPath(String rootPath) {
		this.rootPath = rootPath;
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

	public int getOrder() {
		return this.order;
	}

	public void setOrder(int order) {
		this.order = order;
	}

	public Zookeeper getZookeeper() {
		return this.zookeeper;
	}

	public LockLost getLockLost() {
		return this.lockLost;
	}

	public LocalQueue getLocalQueue() {
		return this.localQueue;
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
		 * How many times in a row a held MUTEX lock may pass directly to the next waiting
		 * thread of this JVM, without releasing it in ZooKeeper; 0 never hands off. Bounded so
		 * that other processes get their turn.
		 */
		private int maxHandoffs = 8;

		/**
		 * How long after a MUTEX lock was acquired in ZooKeeper it may still be handed off to
		 * the next waiting thread of this JVM.
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
			this.maxHandoffs = maxHandoffs;
		}

		public Duration getMaxHandoffTime() {
			return this.maxHandoffTime;
		}

		public void setMaxHandoffTime(Duration maxHandoffTime) {
			this.maxHandoffTime = maxHandoffTime;
		}

	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public Observations getObservations() {
		return this.observations;
	}

	/**
	 * Micrometer metrics of distributed locks.
	 */
	public static class Metrics {

		/**
		 * Whether to record lock metrics when a MeterRegistry bean exists.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

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

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * What happens when a held lock is lost (its ZooKeeper session expired or was lost).
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

		public boolean isRollbackTransaction() {
			return this.rollbackTransaction;
		}

		public void setRollbackTransaction(boolean rollbackTransaction) {
			this.rollbackTransaction = rollbackTransaction;
		}

	}

	/**
	 * ZooKeeper client settings.
	 */
	public static class Zookeeper {

		/**
		 * Comma-separated host:port pairs of the ZooKeeper ensemble.
		 */
		private String connectString = "localhost:2181";

		/**
		 * ZooKeeper session timeout. A crashed holder's locks are freed after it; the server
		 * bounds it between 2 and 20 ticks (4s and 40s by default).
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
		 * Whether start-up fails when ZooKeeper cannot be reached within the connection
		 * timeout. When false, the application starts and locks fail until it connects.
		 */
		private boolean failFast = true;

		private final Retry retry = new Retry();

		private final Embedded embedded = new Embedded();

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

		public Retry getRetry() {
			return this.retry;
		}

		public Embedded getEmbedded() {
			return this.embedded;
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
	 * In-process ZooKeeper server, for development and tests.
	 */
	public static class Embedded {

		/**
		 * Whether to start a ZooKeeper server in this JVM and connect to it instead of
		 * connect-string. For development and tests only.
		 */
		private boolean enabled;

		/**
		 * Client port of the embedded server; 0 picks a free port.
		 */
		private int port;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getPort() {
			return this.port;
		}

		public void setPort(int port) {
			this.port = port;
		}

	}

}
