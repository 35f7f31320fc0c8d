package io.github.distlock.benchmark;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What the harness started and must stop: closed in reverse order at the end of the run, or by
 * the shutdown hook on Ctrl-C or a failure, whichever comes first.
 */
final class Resources {

	private final Deque<AutoCloseable> open = new ArrayDeque<>();

	synchronized <T extends AutoCloseable> T add(T resource) {
		this.open.push(resource);
		return resource;
	}

	/** Closes one resource now (a worker group at the end of its scenario). */
	void close(AutoCloseable resource) {
		synchronized (this) {
			this.open.remove(resource);
		}
		closeQuietly(resource);
	}

	/** Closes everything still open; safe to call more than once and from a shutdown hook. */
	void closeAll() {
		while (true) {
			AutoCloseable next;
			synchronized (this) {
				next = this.open.poll();
			}
			if (next == null) {
				return;
			}
			closeQuietly(next);
		}
	}

	private static void closeQuietly(AutoCloseable resource) {
		try {
			resource.close();
		}
		catch (Exception ex) {
			System.err.println("Could not close " + resource + ": " + ex);
		}
	}

}
