package io.github.distlock.metrics;

import io.github.distlock.core.LockIntrospection;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Gauges of the locks of this process now: {@value #ACTIVE} (lock handles held) and
 * {@value #PENDING} (threads waiting for a lock). Untagged, so their number is fixed.
 */
public class LockRegistryMetrics implements MeterBinder {

	/** Gauge of the lock handles held by this process now. */
	public static final String ACTIVE = "distributed.lock.active";

	/** Gauge of the threads of this process waiting for a lock now. */
	public static final String PENDING = "distributed.lock.pending";

	private final LockIntrospection locks;

	public LockRegistryMetrics(LockIntrospection locks) {
		this.locks = locks;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder(ACTIVE, this.locks, (locks) -> locks.heldLocks().size())
			.description("Distributed locks held by this process now (a reentrant hold counts again)")
			.register(registry);
		Gauge.builder(PENDING, this.locks, (locks) -> locks.waiters().size())
			.description("Threads of this process waiting for a distributed lock now")
			.register(registry);
	}

}
