package io.github.distlock.zookeeper;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds a blocking call into Curator: an acquisition by its wait time, a release by a short
 * time. Curator honours a wait time while it waits for a predecessor, but not while it retries
 * a request over a lost connection (each attempt may take the connection timeout, and there are
 * several). Past the deadline and a grace period, the calling thread is interrupted, which makes
 * Curator give up: an acquisition removes its node, and a release leaves the node to Curator's
 * guaranteed delete in the background. The interrupt is then cleared, and the registry reports
 * the elapsed wait instead of an interrupt.
 */
final class CuratorCallDeadline implements AutoCloseable {

	private static final long MIN_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	private static final int WAITING = 0;

	private static final int FINISHED = 1;

	private static final int EXPIRING = 2;

	private static final int EXPIRED = 3;

	private final Thread thread = Thread.currentThread();

	private final AtomicInteger state = new AtomicInteger(WAITING);

	private final ScheduledFuture<?> expiry;

	private CuratorCallDeadline(ScheduledExecutorService scheduler, long waitNanos) {
		long grace = Math.max(MIN_GRACE_NANOS, waitNanos / 10);
		this.expiry = scheduler.schedule(this::expire, saturatedAdd(waitNanos, grace), TimeUnit.NANOSECONDS);
	}

	/**
	 * Arms a deadline for the calling thread.
	 * @param scheduler where the expiry runs
	 * @param waitNanos the time the call may take, before the grace period
	 * @return the armed deadline, to be closed when the call ends
	 */
	static CuratorCallDeadline arm(ScheduledExecutorService scheduler, long waitNanos) {
		return new CuratorCallDeadline(scheduler, waitNanos);
	}

	private void expire() {
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
			this.expiry.cancel(false);
			return;
		}
		while (this.state.get() != EXPIRED) {
			Thread.onSpinWait();
		}
		Thread.interrupted();
	}

	private static long saturatedAdd(long a, long b) {
		long sum = a + b;
		return (sum < 0) ? Long.MAX_VALUE : sum;
	}

}
