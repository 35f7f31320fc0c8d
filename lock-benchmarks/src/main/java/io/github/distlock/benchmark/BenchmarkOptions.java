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

package io.github.distlock.benchmark;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.boot.convert.DurationStyle;

/**
 * Options of a run, read from system properties; an empty or absent property takes the default
 * (in parentheses: the full run's default, then the quick one's).
 * <ul>
 * <li>{@code bench.mode}: {@code throughput} (cycles of every implementation in every scenario),
 * {@code memory} (the memory check) or {@code etcd} (the starter on etcd beside raw jetcd, in the
 * scenarios of one JVM)</li>
 * <li>{@code bench.quick}: smaller defaults for a run of about two minutes</li>
 * <li>{@code bench.scenarios}, {@code bench.implementations}: comma-separated ids, or {@code all}
 * (the etcd run takes its rows of the same ids and always etcd's lock service: see
 * {@link EtcdImplementation})</li>
 * <li>{@code bench.warmup}: warm-up per implementation and scenario (2s, 300ms)</li>
 * <li>{@code bench.duration}: one measurement (2s, 700ms)</li>
 * <li>{@code bench.repetitions}: measurements per implementation and scenario (5, 3)</li>
 * <li>{@code bench.memory.keys}: keys locked by the memory check (1000000, 20000)</li>
 * <li>{@code bench.memory.reaperWait}: how long the memory check waits for ZooKeeper's container
 * reaper to remove the emptied lock nodes (20m, 2m)</li>
 * <li>{@code bench.starter}: extra properties of the starter's Spring context, as
 * {@code name=value} pairs separated by commas (none); for comparing its options</li>
 * <li>{@code bench.redis}: the Redis server of the Redisson peer ({@code redis://127.0.0.1:6379});
 * when it does not answer, the run leaves Redisson out and says so</li>
 * <li>{@code bench.output}: directory of the result files ({@code target})</li>
 * </ul>
 *
 * @param mode {@code throughput}, {@code memory} or {@code etcd}
 * @param quick whether the quick defaults apply
 * @param scenarios the scenarios to run, in order
 * @param implementations the implementations to measure, in order
 * @param warmup warm-up per implementation and scenario
 * @param duration one measurement
 * @param repetitions measurements per implementation and scenario
 * @param memoryKeys keys locked by the memory check
 * @param reaperWait the memory check's wait for the container reaper
 * @param starterProperties extra properties of the starter's Spring context
 * @param redis the Redis server of the Redisson peer
 * @param output directory of the result files
 */
record BenchmarkOptions(String mode, boolean quick, List<Scenario> scenarios, List<Implementation> implementations,
		Duration warmup, Duration duration, int repetitions, int memoryKeys, Duration reaperWait,
		Map<String, String> starterProperties, String redis, Path output) {

	static BenchmarkOptions fromSystemProperties() {
		boolean quick = Boolean.parseBoolean(property("bench.quick", "false"));
		String mode = property("bench.mode", "throughput");
		if (!List.of("throughput", "memory", "etcd").contains(mode)) {
			throw new IllegalArgumentException(
					"bench.mode must be 'throughput', 'memory' or 'etcd', but was '" + mode + "'");
		}
		BenchmarkOptions options = new BenchmarkOptions(mode, quick,
				list("bench.scenarios", Scenario::fromId, Scenario.values()),
				list("bench.implementations", Implementation::fromId, Implementation.values()),
				duration("bench.warmup", quick ? "300ms" : "2s"), duration("bench.duration", quick ? "700ms" : "2s"),
				Integer.parseInt(property("bench.repetitions", quick ? "3" : "5")),
				Integer.parseInt(property("bench.memory.keys", quick ? "20000" : "1000000")),
				duration("bench.memory.reaperWait", quick ? "2m" : "20m"), pairs(property("bench.starter", "")),
				property("bench.redis", RedissonLocks.DEFAULT_ADDRESS), Path.of(property("bench.output", "target")).toAbsolutePath());
		if (options.repetitions() < 1 || options.memoryKeys() < 1 || options.duration().isZero()
				|| options.duration().isNegative() || options.warmup().isNegative()) {
			throw new IllegalArgumentException("Options out of range: " + options);
		}
		return options;
	}

	/** One line for the report. */
	String describe() {
		return "warm-up " + format(this.warmup) + " per implementation and scenario, then " + this.repetitions
				+ " repetitions × " + format(this.duration) + (this.quick ? " (quick mode)" : "")
				+ (this.starterProperties.isEmpty() ? "" : "; starter properties " + format(this.starterProperties));
	}

	/**
	 * Parses {@code name=value} pairs separated by commas.
	 * @param text the pairs, or an empty string
	 * @return the pairs, in order
	 */
	static Map<String, String> pairs(String text) {
		Map<String, String> pairs = new LinkedHashMap<>();
		for (String pair : text.split(",")) {
			if (pair.isBlank()) {
				continue;
			}
			int equals = pair.indexOf('=');
			if (equals <= 0) {
				throw new IllegalArgumentException("Expected name=value in bench.starter, but found '" + pair + "'");
			}
			pairs.put(pair.substring(0, equals).trim(), pair.substring(equals + 1).trim());
		}
		return pairs;
	}

	static String format(Map<String, String> pairs) {
		return pairs.entrySet().stream().map((e) -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
	}

	static String format(Duration duration) {
		return (duration.toMillis() % 1000 == 0) ? duration.toSeconds() + "s" : duration.toMillis() + "ms";
	}

	private static String property(String name, String fallback) {
		String value = System.getProperty(name);
		return (value == null || value.isBlank()) ? fallback : value.trim();
	}

	private static Duration duration(String name, String fallback) {
		String value = property(name, fallback);
		try {
			return DurationStyle.detectAndParse(value);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(name + " must be a duration such as 3s or 500ms, but was '" + value
					+ "'", ex);
		}
	}

	@SafeVarargs
	private static <T> List<T> list(String name, Function<String, T> parser, T... all) {
		String value = property(name, "all");
		if (value.equals("all")) {
			return List.of(all);
		}
		List<T> chosen = Arrays.stream(value.split(",")).map(String::trim).filter((id) -> !id.isEmpty()).map(parser)
			.distinct().toList();
		// keep the canonical order, so that tables always read the same way
		return Arrays.stream(all).filter(chosen::contains).toList();
	}

}
