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

package io.github.distlock.boot.test;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.springframework.beans.factory.BeanFactory;

/**
 * A real ZooKeeper server in the test's JVM, started by {@link AutoConfigureEmbeddedZooKeeper}
 * for an application context, with what a test of lock-loss handling needs: end the
 * application's session as ZooKeeper does after a long pause or partition, stop the server and
 * start it again on the same port with the same data, and wait for a lock to reach a state.
 *
 * @since 0.1.0
 */
public final class ZooKeeperTestServer implements AutoCloseable {

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

	private final TestingServer server;

	private final BeanFactory beanFactory;

	private ZooKeeperTestServer(TestingServer server, BeanFactory beanFactory) {
		this.server = server;
		this.beanFactory = beanFactory;
	}

	static ZooKeeperTestServer start(BeanFactory beanFactory) {
		try {
			return new ZooKeeperTestServer(new TestingServer(true), beanFactory);
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not start the embedded ZooKeeper server", ex);
		}
	}

	/**
	 * The server's connect string.
	 * @return {@code 127.0.0.1:<port>}
	 */
	public String connectString() {
		return this.server.getConnectString();
	}

	/**
	 * Ends the application's ZooKeeper session in the server, as ZooKeeper does when a client was
	 * cut off for longer than its session timeout: its lock nodes are deleted at once, so other
	 * processes may take its locks, and the client learns that its session expired. Its locks
	 * become {@link LockState#LOST}.
	 */
	public void expireSession() {
		expireSession(this.beanFactory.getBean(CuratorFramework.class));
	}

	/**
	 * Ends a client's ZooKeeper session in the server (see {@link #expireSession()}).
	 * @param client a client of this server
	 */
	public void expireSession(CuratorFramework client) {
		try {
			ZooKeeper zookeeper = client.getZookeeperClient().getZooKeeper();
			CountDownLatch connected = new CountDownLatch(1);
			// a second connection with the same session, closed: the server closes the session
			ZooKeeper twin = new ZooKeeper(connectString(), (int) CONNECT_TIMEOUT.toMillis(), (event) -> {
				if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
					connected.countDown();
				}
			}, zookeeper.getSessionId(), zookeeper.getSessionPasswd());
			try {
				if (!connected.await(CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
					throw new IllegalStateException("Could not connect to " + connectString() + " to end the session");
				}
			}
			finally {
				twin.close();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while ending the session", ex);
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not end the session", ex);
		}
	}

	/**
	 * Stops the server, keeping its port and data: the application's locks go
	 * {@link LockState#IN_DOUBT} when its client notices, and are {@link LockState#HELD} again if
	 * the server is {@link #restart() restarted} within the session timeout.
	 */
	public void stop() {
		try {
			this.server.stop();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not stop the embedded ZooKeeper server", ex);
		}
	}

	/**
	 * Starts the server again, on the same port with the same data.
	 */
	public void restart() {
		try {
			this.server.restart();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not restart the embedded ZooKeeper server", ex);
		}
	}

	/**
	 * Waits until a lock is in a state.
	 * @param lock a lock the application acquired
	 * @param state the state to wait for
	 * @param timeout how long to wait at most
	 * @throws AssertionError if the lock is in another state after the timeout
	 */
	public static void awaitState(AcquiredLock lock, LockState state, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (lock.state() != state) {
			if (System.nanoTime() - deadline > 0) {
				throw new AssertionError("Lock '" + lock.key() + "' is " + lock.state() + ", not " + state + ", after "
						+ timeout.toMillis() + " ms");
			}
			try {
				Thread.sleep(10);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new AssertionError("Interrupted while waiting for lock '" + lock.key() + "' to be " + state, ex);
			}
		}
	}

	/**
	 * Stops the server and deletes its data.
	 */
	@Override
	public void close() {
		try {
			this.server.close();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not close the embedded ZooKeeper server", ex);
		}
	}

}
