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

package io.github.distlock.campaign;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The network between one client process and the ensemble: a loopback port per server that
 * forwards to it. Frozen, it keeps connections open and forwards nothing (a hung network, so
 * the client notices only by its read timeout); cut, it closes every connection and every new
 * one at once (a partition the client notices at once); delayed, it forwards each chunk some time
 * after it arrived (a slow link); stalled, it holds the requests of the connections there are,
 * then cuts their client side while the side towards the server stays open, and delivers the
 * held requests later (a middlebox or a partitioned path that holds a request and delivers it
 * after the client gave up and reconnected: every byte in order, nothing invented). Healed, it
 * forwards again.
 */
final class ClientProxy implements AutoCloseable {

	private final List<ServerSocket> listeners = new ArrayList<>();

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private final List<Link> links = new CopyOnWriteArrayList<>();

	private volatile boolean frozen;

	private volatile boolean cut;

	private volatile int delayMillis;

	private volatile boolean closed;

	ClientProxy(List<Integer> serverPorts) throws IOException {
		for (int port : serverPorts) {
			ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
			this.listeners.add(listener);
			daemon(() -> accept(listener, port), "proxy-accept-" + port).start();
		}
	}

	String connectString() {
		StringJoiner connect = new StringJoiner(",");
		this.listeners.forEach((listener) -> connect.add("127.0.0.1:" + listener.getLocalPort()));
		return connect.toString();
	}

	void freeze() {
		this.frozen = true;
	}

	void cut() {
		this.cut = true;
		this.sockets.forEach(ClientProxy::closeQuietly);
		this.sockets.clear();
	}

	/**
	 * Forwards each chunk this long after it arrived: a slow link.
	 */
	void delay(int millis) {
		this.delayMillis = millis;
	}

	/** Holds the requests of every connection there is now, and forwards none of its answers. */
	void stall() {
		this.links.forEach((link) -> link.stalled = true);
	}

	/**
	 * Cuts the client's side of every stalled connection; the side towards the server stays
	 * open with the held requests. The client reconnects through fresh connections.
	 */
	void cutStalledClients() {
		for (Link link : this.links) {
			if (link.stalled) {
				link.clientCut = true;
				closeQuietly(link.client);
			}
		}
	}

	/** Delivers the held requests of the stalled connections to their servers, in order. */
	void deliverStalled() {
		for (Link link : this.links) {
			link.stalled = false;
		}
	}

	void heal() {
		this.cut = false;
		this.frozen = false;
	}

	private void accept(ServerSocket listener, int serverPort) {
		while (!this.closed) {
			try {
				Socket client = listener.accept();
				if (this.cut) {
					closeQuietly(client);
					continue;
				}
				Socket server;
				try {
					server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
				}
				catch (IOException serverDown) {
					// refused, as the server's own port would: a connection left open here would hang
					// the client's handshake until its own timeout, a black hole instead of a dead server
					closeQuietly(client);
					continue;
				}
				this.sockets.add(client);
				this.sockets.add(server);
				Link link = new Link(client, server);
				this.links.add(link);
				daemon(() -> pump(link, true), "proxy-up").start();
				daemon(() -> pump(link, false), "proxy-down").start();
			}
			catch (IOException ex) {
				// the proxy is closed
			}
		}
	}

	/**
	 * Forwards one direction of a connection. A delay is a latency, not a throttle: each chunk is
	 * forwarded its delay after it arrived, and chunks that arrive meanwhile are read on, so a
	 * burst arrives as late as its first chunk, not later and later.
	 */
	private void pump(Link link, boolean up) {
		Socket from = up ? link.client : link.server;
		BlockingQueue<Chunk> inFlight = new LinkedBlockingQueue<>();
		Thread writer = daemon(() -> forward(inFlight, link, up), Thread.currentThread().getName() + "-writer");
		writer.start();
		byte[] buffer = new byte[8192];
		try (InputStream in = from.getInputStream()) {
			int read;
			while ((read = in.read(buffer)) >= 0) {
				inFlight.add(new Chunk(System.nanoTime() + this.delayMillis * 1_000_000L,
						Arrays.copyOf(buffer, read)));
			}
		}
		catch (IOException ex) {
			// connection closed
		}
		finally {
			inFlight.add(Chunk.END);
		}
	}

	private void forward(BlockingQueue<Chunk> inFlight, Link link, boolean up) {
		Socket from = up ? link.client : link.server;
		Socket to = up ? link.server : link.client;
		try {
			OutputStream out = to.getOutputStream();
			while (true) {
				Chunk chunk = inFlight.take();
				if (chunk == Chunk.END) {
					break;
				}
				long wait = chunk.dueNanos() - System.nanoTime();
				if (wait > 0) {
					Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
				}
				while ((this.frozen || link.stalled) && !this.cut && !this.closed) {
					Thread.sleep(10);
				}
				if (this.cut || this.closed) {
					break;
				}
				if (!up && link.clientCut) {
					// an answer for a client that is gone
					continue;
				}
				out.write(chunk.bytes());
			}
			if (up && link.clientCut) {
				// the server acts on requests delivered late before it sees their connection end
				Thread.sleep(2_000);
			}
		}
		catch (IOException | InterruptedException ex) {
			// connection closed
		}
		finally {
			if (up || !link.clientCut) {
				closeQuietly(from);
				closeQuietly(to);
				this.sockets.remove(from);
				this.sockets.remove(to);
				this.links.remove(link);
			}
		}
	}

	/**
	 * One proxied connection.
	 */
	private static final class Link {

		private final Socket client;

		private final Socket server;

		/** Whether its requests are held, and its answers too. */
		private volatile boolean stalled;

		/** Whether its client side was cut while it was stalled. */
		private volatile boolean clientCut;

		Link(Socket client, Socket server) {
			this.client = client;
			this.server = server;
		}

	}

	/**
	 * Bytes read from one side, due on the other side at the given time.
	 */
	private record Chunk(long dueNanos, byte[] bytes) {

		static final Chunk END = new Chunk(0, new byte[0]);

	}

	@Override
	public void close() {
		this.closed = true;
		this.listeners.forEach(ClientProxy::closeQuietly);
		this.sockets.forEach(ClientProxy::closeQuietly);
	}

	private static Thread daemon(Runnable task, String name) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		return thread;
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// already closed
		}
	}

}
