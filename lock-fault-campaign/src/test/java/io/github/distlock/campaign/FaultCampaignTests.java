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

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;

import io.github.distlock.test.etcd.EtcdServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs a seeded fault campaign on each backend {@code -Dcampaign.backend} names
 * ({@code zookeeper}, {@code etcd}, or both, comma-separated; {@code -Dcampaign.seed},
 * {@code -Dcampaign.duration}; a short one on both in every build, a long one with
 * {@code -Pfault-campaign}; {@code -Dcampaign.cache}: the lock cache of workers w1 and w2,
 * {@code on} by default, {@code off}, or {@code broken} to see the campaign catch a cache that
 * does not hear other processes) and requires that it found no violation, and that it did inject
 * faults of several kinds and commit work of every kind (locks of every type, nested, multi-key,
 * revocable and not, leader work and scheduled jobs) and told revocable holders, so that it
 * cannot pass by doing nothing.
 */
class FaultCampaignTests {

	static Stream<Backend> backends() {
		return Arrays.stream(System.getProperty("campaign.backend", "zookeeper").split(","))
			.filter((id) -> !id.isBlank())
			.map(Backend::of);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("backends")
	void seededCampaignFindsNoViolation(Backend backend) throws Exception {
		assumeTrue(backend != Backend.ETCD || EtcdServer.isAvailable(),
				"etcd not found at " + EtcdServer.binary() + ": the etcd campaign is skipped");
		String seedProperty = System.getProperty("campaign.seed", "");
		long seed = seedProperty.isBlank() ? System.nanoTime() : Long.parseLong(seedProperty);
		Duration duration = parse(System.getProperty("campaign.duration", "75s"));
		String cache = System.getProperty("campaign.cache", "on");
		System.out.println("Fault campaign on " + backend.id() + ": seed " + seed + ", faults for "
				+ duration.toSeconds() + " s, lock cache " + cache);
		CampaignResult result = new FaultCampaign(backend, seed, duration,
				Path.of("target", "campaign-" + backend.id() + "-" + seed), cache).run();
		String report = result.report();
		System.out.println(report);
		assertThat(result.checker().violations()).as(report).isEmpty();
		assertThat(result.faults()).as("fault kinds injected").hasSizeGreaterThanOrEqualTo(4);
		for (String kind : new String[] { "MUTEX", "SEMAPHORE_MUTEX", "WRITE", "NESTED_MUTEX" }) {
			assertThat(result.outcomesByKind().get(kind)).as(kind).containsKey("COMMITTED");
		}
		assertThat(result.outcomesByKind().get("READ")).as("READ").containsKey("READ_CLEAN");
		assertThat(result.outcomesByKind().get("LEADER")).as("LEADER").containsKey("COMMITTED");
		assertThat(result.outcomesByKind().get("READ_IN_WRITE")).as("READ_IN_WRITE")
			.containsKey("COMMITTED+READ_CLEAN");
		for (String kind : new String[] { "MULTI", "REVOCABLE", "NOT_REVOCABLE", "JOB" }) {
			assertThat(result.outcomesByKind().get(kind)).as(kind).containsKey("COMMITTED");
		}
		assertThat(result.figures().get("revocable holders told")).as("revocable holders told").isPositive();
		if (cache.equals("on")) {
			assertThat(result.figures().get("worker looks that found cached locks")).as("cached locks seen").isPositive();
		}
	}

	static Duration parse(String text) {
		String value = text.trim().toLowerCase();
		Map<String, Long> units = Map.of("ms", 1L, "s", 1_000L, "m", 60_000L, "h", 3_600_000L);
		for (String unit : new String[] { "ms", "s", "m", "h" }) {
			if (value.endsWith(unit)) {
				return Duration.ofMillis(
						Long.parseLong(value.substring(0, value.length() - unit.length())) * units.get(unit));
			}
		}
		return Duration.ofSeconds(Long.parseLong(value));
	}

}
