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

package io.github.distlock.test.zookeeper;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy to a server that can be frozen: it then keeps the connections open but forwards
 * nothing, as a hung server or a partition would, until it is thawed.
 *
 * @since 0.1.0
 */
public final class FreezableTcpProxy implements AutoCloseable {

	private final ServerSocket serverSocket;

	private final int targetPort;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private volatile boolean frozen;

	private volatile boolean repliesFrozen;

	private volatile boolean cut;

	private volatile boolean closed;

	public FreezableTcpProxy(int targetPort) throws IOException {
		this.targetPort = targetPort;
		this.serverSocket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread acceptor = new Thread(this::accept, "proxy-accept");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	public String getConnectString() {
		return "127.0.0.1:" + this.serverSocket.getLocalPort();
	}

	/**
	 * Stops forwarding, in both directions, without closing any connection.
	 */
	public void freeze() {
		this.frozen = true;
	}

	/**
	 * Stops forwarding the server's replies only: requests still reach the server and are
	 * applied, and their answers are held back.
	 */
	public void freezeReplies() {
		this.repliesFrozen = true;
	}

	/**
	 * Forwards again what was held back and what comes next.
	 */
	public void thaw() {
		this.frozen = false;
		this.repliesFrozen = false;
	}

	/**
	 * Closes every connection, and every new one at once, until {@link #heal()}: what was held
	 * back is lost, as in a network partition.
	 */
	public void cut() {
		this.cut = true;
		this.sockets.forEach(FreezableTcpProxy::closeQuietly);
		this.sockets.clear();
	}

	/**
	 * Ends a cut or a freeze: new connections are forwarded again.
	 */
	public void heal() {
		this.cut = false;
		thaw();
	}

	private void accept() {
		while (!this.closed) {
			try {
				Socket client = this.serverSocket.accept();
				if (this.cut) {
					closeQuietly(client);
					continue;
				}
				Socket upstream = new Socket(InetAddress.getLoopbackAddress(), this.targetPort);
				this.sockets.add(client);
				this.sockets.add(upstream);
				pump(client, upstream, false);
				pump(upstream, client, true);
			}
			catch (IOException ex) {
				// closed, or the target refused: the client sees a dropped connection
			}
		}
	}

	private void pump(Socket from, Socket to, boolean replies) {
		Thread pump = new Thread(() -> {
			byte[] buffer = new byte[8192];
			try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
				int read;
				while ((read = in.read(buffer)) >= 0) {
					while ((this.frozen || (replies && this.repliesFrozen)) && !this.closed && !this.cut) {
						Thread.sleep(10);
					}
					if (this.cut) {
						break;
					}
					out.write(buffer, 0, read);
				}
			}
			catch (IOException | InterruptedException ex) {
				// connection closed
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
			}
		}, "proxy-pump");
		pump.setDaemon(true);
		pump.start();
	}

	@Override
	public void close() {
		this.closed = true;
		closeQuietly(this.serverSocket);
		this.sockets.forEach(FreezableTcpProxy::closeQuietly);
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// ignore
		}
	}

}
