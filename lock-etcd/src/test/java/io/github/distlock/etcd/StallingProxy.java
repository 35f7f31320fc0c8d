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

package io.github.distlock.etcd;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on loopback in front of one etcd member, that makes the network misbehave as a
 * real one can: answers that arrive late, requests held on the way (as a partitioned path or a
 * middlebox holds them) and delivered later, a client whose connection is cut while its requests
 * are still held. Every byte is forwarded in order per direction of a connection; nothing is
 * invented.
 */
final class StallingProxy implements AutoCloseable {

	private final ServerSocket server;

	private final int targetPort;

	private final List<Connection> connections = new CopyOnWriteArrayList<>();

	private volatile long replyDelayNanos;

	private volatile boolean holdNewRequests;

	private volatile boolean closed;

	StallingProxy(String endpoint) throws IOException {
		this.targetPort = URI.create(endpoint).getPort();
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread acceptor = new Thread(this::accept, "stalling-proxy-accept");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	String endpoint() {
		return "http://127.0.0.1:" + this.server.getLocalPort();
	}

	/** Delivers every answer from etcd this long after it arrived (0: at once). */
	void delayReplies(Duration delay) {
		this.replyDelayNanos = delay.toNanos();
	}

	/** Holds every request from now on, on the connections there are and on new ones. */
	void holdRequests() {
		this.holdNewRequests = true;
		this.connections.forEach((connection) -> connection.requests.held = true);
	}

	/**
	 * Cuts the client's side of every connection there is now, keeping the side towards etcd
	 * open with whatever requests are held; the client reconnects through fresh connections,
	 * which forward at once.
	 */
	void cutClients() {
		this.holdNewRequests = false;
		this.connections.forEach(Connection::cutClient);
	}

	/** Delivers the held requests, in order, and holds no more. */
	void deliverHeldRequests() {
		this.holdNewRequests = false;
		this.connections.forEach((connection) -> connection.requests.held = false);
	}

	/** How many bytes of requests are held now. */
	long heldRequestBytes() {
		return this.connections.stream().mapToLong((connection) -> connection.requests.queued.get()).sum();
	}

	private void accept() {
		while (!this.closed) {
			try {
				Socket client = this.server.accept();
				Socket upstream = new Socket(InetAddress.getLoopbackAddress(), this.targetPort);
				client.setTcpNoDelay(true);
				upstream.setTcpNoDelay(true);
				Connection connection = new Connection(client, upstream, this.holdNewRequests);
				this.connections.add(connection);
				connection.start();
			}
			catch (IOException ex) {
				// closed, or etcd refused: the client sees its connection fail
			}
		}
	}

	@Override
	public void close() throws IOException {
		this.closed = true;
		this.server.close();
		this.connections.forEach(Connection::close);
	}

	private final class Connection {

		private final Socket client;

		private final Socket upstream;

		private final Pipe requests;

		private final Pipe replies;

		Connection(Socket client, Socket upstream, boolean held) throws IOException {
			this.client = client;
			this.upstream = upstream;
			this.requests = new Pipe(client.getInputStream(), upstream.getOutputStream(), false);
			this.requests.held = held;
			this.replies = new Pipe(upstream.getInputStream(), client.getOutputStream(), true);
		}

		void start() {
			this.requests.start();
			this.replies.start();
		}

		void cutClient() {
			closeQuietly(this.client);
		}

		void close() {
			closeQuietly(this.client);
			closeQuietly(this.upstream);
		}

	}

	/** One direction of a connection: a reader that queues what arrives, a writer that forwards it. */
	private final class Pipe {

		private final InputStream from;

		private final OutputStream to;

		private final boolean delayed;

		private final LinkedBlockingQueue<Chunk> chunks = new LinkedBlockingQueue<>();

		private final AtomicLong queued = new AtomicLong();

		private volatile boolean held;

		Pipe(InputStream from, OutputStream to, boolean delayed) {
			this.from = from;
			this.to = to;
			this.delayed = delayed;
		}

		void start() {
			daemon(this::read);
			daemon(this::write);
		}

		private void read() {
			byte[] buffer = new byte[16 * 1024];
			try {
				int read;
				while ((read = this.from.read(buffer)) >= 0) {
					this.queued.addAndGet(read);
					this.chunks.add(new Chunk(Arrays.copyOf(buffer, read), System.nanoTime()));
				}
			}
			catch (IOException ex) {
				// the side it reads from is closed
			}
		}

		private void write() {
			try {
				while (!StallingProxy.this.closed) {
					Chunk chunk = this.chunks.poll(50, TimeUnit.MILLISECONDS);
					if (chunk == null) {
						continue;
					}
					while (this.held || (this.delayed
							&& System.nanoTime() - chunk.arrived() < StallingProxy.this.replyDelayNanos)) {
						Thread.sleep(2);
					}
					this.queued.addAndGet(-chunk.bytes().length);
					this.to.write(chunk.bytes());
					this.to.flush();
				}
			}
			catch (IOException | InterruptedException ex) {
				// the side it writes to is closed: what is queued is dropped
			}
		}

	}

	private record Chunk(byte[] bytes, long arrived) {
	}

	private static void daemon(Runnable task) {
		Thread thread = new Thread(task, "stalling-proxy-pipe");
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// closed already
		}
	}

}
