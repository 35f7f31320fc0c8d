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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.zookeeper.KeeperException;
import io.github.distlock.actuate.LockCountsDetail;
import io.github.distlock.core.LockIntrospection;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * A {@link HealthIndicator} for the ZooKeeper connection that locks go through.
 * <p>
 * {@code UP} when the client is started, Curator reports it connected ({@code CONNECTED} or
 * {@code RECONNECTED}) and ZooKeeper answers one {@code exists} on a path within the timeout.
 * {@code DOWN} otherwise, with the {@code connectString} and the {@code state} in the details:
 * {@code LATENT} or {@code STOPPED} for a client not started or closed,
 * {@code NOT_CONNECTED} before its first connection, Curator's {@code SUSPENDED},
 * {@code LOST} or {@code READ_ONLY}, and an {@code error} when the {@code exists} failed or
 * did not answer in time. Given the application's locks, the {@code locks} detail counts those
 * held, waited for and cached.
 * <p>
 * A {@code SUSPENDED} connection is {@code DOWN}, not {@code OUT_OF_SERVICE}: no lock can be
 * acquired and every held lock is in doubt, an unplanned failure rather than a component taken
 * out of service on purpose; both statuses map to HTTP 503 anyway, and the {@code state} detail
 * tells a suspended connection (the session may yet resume) from a lost one.
 * <p>
 * The check writes nothing and is bounded by the timeout even when ZooKeeper hangs: the
 * {@code exists} runs in the background and is not waited for longer.
 *
 * @since 0.1.0
 */
public class ZooKeeperHealthIndicator extends AbstractHealthIndicator implements AutoCloseable {

	private final CuratorFramework client;

	private final String path;

	private final Duration timeout;

	private final ConnectionStateTracker tracker;

	private final @Nullable LockIntrospection locks;

	/**
	 * Creates an indicator; it follows the client's connection state until closed.
	 * @param client the client locks go through
	 * @param path the path whose existence is checked, such as the lock root path
	 * @param timeout how long to wait for ZooKeeper's answer
	 */
	public ZooKeeperHealthIndicator(CuratorFramework client, String path, Duration timeout) {
		this(client, path, timeout, null);
	}

	/**
	 * Creates an indicator whose details also count the application's locks
	 * ({@link LockCountsDetail}).
	 * @param client the client locks go through
	 * @param path the path whose existence is checked, such as the lock root path
	 * @param timeout how long to wait for ZooKeeper's answer
	 * @param locks the locks the application holds, awaits and keeps, or {@code null}
	 */
	public ZooKeeperHealthIndicator(CuratorFramework client, String path, Duration timeout,
			@Nullable LockIntrospection locks) {
		super("ZooKeeper health check failed");
		this.locks = locks;
		this.client = client;
		this.path = path;
		this.timeout = timeout;
		this.tracker = new ConnectionStateTracker(client);
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) throws Exception {
		builder.withDetail("connectString", this.client.getZookeeperClient().getCurrentConnectionString());
		if (this.locks != null) {
			builder.withDetail(LockCountsDetail.NAME, LockCountsDetail.of(this.locks));
		}
		CuratorFrameworkState clientState = this.client.getState();
		if (clientState != CuratorFrameworkState.STARTED) {
			builder.down().withDetail("state", clientState.name());
			return;
		}
		ConnectionState state = this.tracker.current();
		if (state == null) {
			builder.down().withDetail("state", "NOT_CONNECTED");
			return;
		}
		builder.withDetail("state", state.name());
		if (!isReadWrite(state) || !this.client.getZookeeperClient().isConnected()) {
			builder.down();
			return;
		}
		checkExists(builder);
	}

	private static boolean isReadWrite(ConnectionState state) {
		return state == ConnectionState.CONNECTED || state == ConnectionState.RECONNECTED;
	}

	private void checkExists(Health.Builder builder) throws Exception {
		CompletableFuture<CuratorEvent> answer = new CompletableFuture<>();
		this.client.checkExists().inBackground((client, event) -> answer.complete(event)).forPath(this.path);
		long millis = this.timeout.toMillis();
		try {
			KeeperException.Code code = KeeperException.Code.get(answer.get(millis, TimeUnit.MILLISECONDS).getResultCode());
			if (code == KeeperException.Code.OK || code == KeeperException.Code.NONODE) {
				builder.up();
			}
			else {
				builder.down().withDetail("error", "exists " + this.path + " failed: " + code);
			}
		}
		catch (TimeoutException ex) {
			builder.down().withDetail("error", "No answer to exists " + this.path + " within " + millis + " ms");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			builder.down().withDetail("error", "Interrupted while waiting for ZooKeeper");
		}
	}

	/**
	 * Stops following the client's connection state.
	 */
	@Override
	public void close() {
		this.tracker.close();
	}

}
