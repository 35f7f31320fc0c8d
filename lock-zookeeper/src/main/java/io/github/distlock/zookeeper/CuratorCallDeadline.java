package io.github.distlock.zookeeper;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds a blocking call into Curator: an acquisition by its wait time, a release by a short
 * time. Curator honours a wait time while it waits for a predecessor, but not while it retries
 * a request over a lost connection (each attempt may take the connection timeout, and there are
 * several). Past the deadline and a grace period, the calling thread is interrupted, which makes
 * Curator give up: an acquisition removes its node, and a release leaves the node to Curator's
 * guaranteed delete in the background. The interrupt is then cleared, and the registry reports
 * the elapsed wait instead of an interrupt. Armed through a {@link DeadlineSweeper}.
 */
final class CuratorCallDeadline implements AutoCloseable {

	private static final long MIN_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	private static final long MAX_DAYS = 100;

	private static final int WAITING = 0;

	private static final int FINISHED = 1;

	private static final int EXPIRING = 2;

	private static final int EXPIRED = 3;

	private final DeadlineSweeper sweeper;

	private final Thread thread = Thread.currentThread();

	private final AtomicInteger state = new AtomicInteger(WAITING);

	private final long dueNanos;

	CuratorCallDeadline(DeadlineSweeper sweeper, long waitNanos) {
		this.sweeper = sweeper;
		long grace = Math.max(MIN_GRACE_NANOS, waitNanos / 10);
		this.dueNanos = System.nanoTime() + saturatedAdd(waitNanos, grace);
	}

	long dueNanos() {
		return this.dueNanos;
	}

	boolean isDue(long nowNanos) {
		return nowNanos - this.dueNanos >= 0;
	}

	void expire() {
		if (this.state.compareAndSet(WAITING, EXPIRING)) {
			this.thread.interrupt();
			this.state.set(EXPIRED);
		}
	}

	/**
	 * Whether the deadline interrupted the call.
	 * @return whether it expired
	 */
	boolean expired() {
		return this.state.get() >= EXPIRING;
	}

	/**
	 * Disarms the deadline; if it fired, clears the interrupt it caused, so the caller's thread
	 * keeps only interrupts of its own.
	 */
	@Override
	public void close() {
		if (this.state.compareAndSet(WAITING, FINISHED)) {
			this.sweeper.disarm(this);
			return;
		}
		while (this.state.get() != EXPIRED) {
			Thread.onSpinWait();
		}
		Thread.interrupted();
	}

	/** The sum, at most {@value #MAX_DAYS} days: far enough, and far from overflowing nanoTime. */
	private static long saturatedAdd(long a, long b) {
		long sum = a + b;
		long max = TimeUnit.DAYS.toNanos(MAX_DAYS);
		return (sum < 0 || sum > max) ? max : sum;
	}

}
