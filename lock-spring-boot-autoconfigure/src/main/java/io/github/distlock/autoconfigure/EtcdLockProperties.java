package io.github.distlock.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of the etcd lock backend: the jetcd client, the lease every lock
 * of the application is bound to, and where contender keys live.
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
	 * How long to wait for a connection to etcd.
	 */
	private Duration connectTimeout = Duration.ofSeconds(10);

	/**
	 * Time to live of the application's lease, in whole seconds. A crashed holder's locks are
	 * freed after it; a holder that etcd does not answer for that long is told its locks are
	 * lost.
	 */
	private Duration sessionTtl = Duration.ofSeconds(30);

	/**
	 * Key prefix under which every lock's contender keys live.
	 */
	private String rootPath = "/distributed-lock/locks";

	private final LockLost lockLost = new LockLost();

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

	public Duration getConnectTimeout() {
		return this.connectTimeout;
	}

	public void setConnectTimeout(Duration connectTimeout) {
		this.connectTimeout = connectTimeout;
	}

	public Duration getSessionTtl() {
		return this.sessionTtl;
	}

	public void setSessionTtl(Duration sessionTtl) {
		this.sessionTtl = sessionTtl;
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

	/**
	 * What happens to the holder of a lock whose lease ended.
	 */
	public static class LockLost {

		/**
		 * Whether to interrupt the holder's thread when its lock is lost (unless it already
		 * released the lock).
		 */
		private boolean interruptHolder;

		public boolean isInterruptHolder() {
			return this.interruptHolder;
		}

		public void setInterruptHolder(boolean interruptHolder) {
			this.interruptHolder = interruptHolder;
		}

	}

}
