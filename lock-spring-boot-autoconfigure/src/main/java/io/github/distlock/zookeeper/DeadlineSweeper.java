package io.github.distlock.zookeeper;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Fires the {@link CuratorCallDeadline}s of one registry. Arming a deadline only adds it to a
 * set: scheduling a task per call would wake the scheduler thread at every acquisition and
 * release, a context switch that costs more CPU than the rest of the starter's work on a lock.
 * Instead one thread sweeps the set every {@value #PERIOD_MILLIS} ms while deadlines are armed,
 * and stops while none are; a deadline so fires up to that much late.
 */
final class DeadlineSweeper implements AutoCloseable {

	static final long PERIOD_MILLIS = 20;

	private final Set<CuratorCallDeadline> armed = ConcurrentHashMap.newKeySet();

	private final AtomicBoolean sweeping = new AtomicBoolean();

	private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, (task) -> {
		Thread thread = new Thread(task, "distributed-lock-deadlines");
		thread.setDaemon(true);
		return thread;
	});

	/**
	 * Arms a deadline for the calling thread.
	 * @param waitNanos the time the call may take, before the grace period
	 * @return the armed deadline, to be closed when the call ends
	 */
	CuratorCallDeadline arm(long waitNanos) {
		CuratorCallDeadline deadline = new CuratorCallDeadline(this, waitNanos);
		this.armed.add(deadline);
		if (this.sweeping.compareAndSet(false, true)) {
			scheduleSweep();
		}
		return deadline;
	}

	void disarm(CuratorCallDeadline deadline) {
		this.armed.remove(deadline);
	}

	private void sweep() {
		long now = System.nanoTime();
		for (CuratorCallDeadline deadline : this.armed) {
			if (deadline.isDue(now)) {
				this.armed.remove(deadline);
				deadline.expire();
			}
		}
		if (this.armed.isEmpty()) {
			this.sweeping.set(false);
			// a deadline armed since the check saw the sweep still running: take it over
			if (this.armed.isEmpty() || !this.sweeping.compareAndSet(false, true)) {
				return;
			}
		}
		scheduleSweep();
	}

	private void scheduleSweep() {
		if (!this.executor.isShutdown()) {
			this.executor.schedule(this::sweep, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
		}
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
	}

}
