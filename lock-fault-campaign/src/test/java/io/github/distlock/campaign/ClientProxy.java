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
 * after it arrived (a slow link). Healed, it forwards again.
 */
final class ClientProxy implements AutoCloseable {

	private final List<ServerSocket> listeners = new ArrayList<>();

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

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
				Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
				this.sockets.add(client);
				this.sockets.add(server);
				daemon(() -> pump(client, server), "proxy-up").start();
				daemon(() -> pump(server, client), "proxy-down").start();
			}
			catch (IOException ex) {
				// closed, or the server is down: the client sees a dropped connection
			}
		}
	}

	/**
	 * Forwards one direction of a connection. A delay is a latency, not a throttle: each chunk is
	 * forwarded its delay after it arrived, and chunks that arrive meanwhile are read on, so a
	 * burst arrives as late as its first chunk, not later and later.
	 */
	private void pump(Socket from, Socket to) {
		BlockingQueue<Chunk> inFlight = new LinkedBlockingQueue<>();
		Thread writer = daemon(() -> forward(inFlight, from, to), Thread.currentThread().getName() + "-writer");
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

	private void forward(BlockingQueue<Chunk> inFlight, Socket from, Socket to) {
		try (OutputStream out = to.getOutputStream()) {
			while (true) {
				Chunk chunk = inFlight.take();
				if (chunk == Chunk.END) {
					break;
				}
				long wait = chunk.dueNanos() - System.nanoTime();
				if (wait > 0) {
					Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
				}
				while (this.frozen && !this.cut && !this.closed) {
					Thread.sleep(10);
				}
				if (this.cut || this.closed) {
					break;
				}
				out.write(chunk.bytes());
			}
		}
		catch (IOException | InterruptedException ex) {
			// connection closed
		}
		finally {
			closeQuietly(from);
			closeQuietly(to);
			this.sockets.remove(from);
			this.sockets.remove(to);
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
