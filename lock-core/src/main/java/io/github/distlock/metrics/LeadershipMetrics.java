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
 *
 * @since 0.1.0
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
