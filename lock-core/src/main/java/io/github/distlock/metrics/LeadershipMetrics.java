package io.github.distlock.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.distlock.leader.Leadership;
import io.github.distlock.leader.LeadershipListener;
import io.github.distlock.leader.RevocationReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Leadership meters, tagged with the {@code election}:
 * <ul>
 * <li>{@code distributed.lock.leader.active}: a long task timer with one active task while this
 * process leads, whose duration is the time as leader;</li>
 * <li>{@code distributed.lock.leader.changes}: a counter of terms begun
 * ({@code change=granted}) and ended ({@code change=revoked}, with the {@code reason}).</li>
 * </ul>
 */
public class LeadershipMetrics implements LeadershipListener {

	private final MeterRegistry registry;

	private final Map<String, LongTaskTimer.Sample> terms = new ConcurrentHashMap<>();

	public LeadershipMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void granted(Leadership leadership) {
		changes(leadership, "granted", "none").increment();
		LongTaskTimer.Sample term = LongTaskTimer.builder("distributed.lock.leader.active")
			.description("Time this process has led the election")
			.tag("election", leadership.election())
			.register(this.registry)
			.start();
		LongTaskTimer.Sample previous = this.terms.put(leadership.election(), term);
		if (previous != null) {
			previous.stop();
		}
	}

	@Override
	public void revoked(Leadership leadership, RevocationReason reason) {
		changes(leadership, "revoked", reason.name()).increment();
		LongTaskTimer.Sample term = this.terms.remove(leadership.election());
		if (term != null) {
			term.stop();
		}
	}

	private Counter changes(Leadership leadership, String change, String reason) {
		return Counter.builder("distributed.lock.leader.changes")
			.description("Leadership terms begun and ended")
			.tag("election", leadership.election())
			.tag("change", change)
			.tag("reason", reason)
			.register(this.registry);
	}

}
