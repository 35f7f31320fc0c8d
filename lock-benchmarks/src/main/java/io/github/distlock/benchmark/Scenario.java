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

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many processes and threads run cycles, and on which keys.
 */
enum Scenario {

	ONE_THREAD("one-thread", "1 thread, one key", 1, 1, Keys.SHARED),

	THREADS_ONE_KEY("16-threads-one-key", "16 threads in one JVM, one key", 1, 16, Keys.SHARED),

	THREADS_OWN_KEYS("16-threads-own-keys", "16 threads in one JVM, a key per thread", 1, 16, Keys.PER_THREAD),

	NEW_KEY_EACH_CYCLE("new-key-each-cycle", "1 thread, a new key every cycle", 1, 1, Keys.NEW_EACH_CYCLE),

	TWO_PROCESSES("2-processes-one-key", "2 JVM processes × 8 threads, one key", 2, 8, Keys.SHARED),

	THREE_PROCESSES("3-processes-one-key", "3 JVM processes × 8 threads, one key", 3, 8, Keys.SHARED);

	/** Keys never repeat within a process run; a new server data directory is used per run. */
	private static final AtomicLong newKeys = new AtomicLong();

	private final String id;

	private final String label;

	private final int processes;

	private final int threads;

	private final Keys keys;

	Scenario(String id, String label, int processes, int threads, Keys keys) {
		this.id = id;
		this.label = label;
		this.processes = processes;
		this.threads = threads;
		this.keys = keys;
	}

	String id() {
		return this.id;
	}

	String label() {
		return this.label;
	}

	/** Number of JVM processes; 1 means the harness's own JVM, more means worker processes. */
	int processes() {
		return this.processes;
	}

	/** Threads per process. */
	int threads() {
		return this.threads;
	}

	/**
	 * The key a thread locks in its next cycle.
	 * @param thread the thread's index in its process
	 * @param process the process's index
	 * @return the key
	 */
	String key(int thread, int process) {
		return switch (this.keys) {
			case SHARED -> this.id;
			case PER_THREAD -> this.id + "-" + process + "-" + thread;
			case NEW_EACH_CYCLE -> this.id + "-" + process + "-" + newKeys.incrementAndGet();
		};
	}

	/**
	 * Whether processes take turns on one key, so that the critical sections are recorded for the
	 * cross-process hand-overs ({@link HandOvers}).
	 */
	boolean crossProcess() {
		return this.processes > 1 && this.keys == Keys.SHARED;
	}

	/** Whether a thread keeps its key from cycle to cycle (so it is computed once). */
	boolean fixedKeys() {
		return this.keys != Keys.NEW_EACH_CYCLE;
	}

	/**
	 * Index of the in-process overlap counter a thread's critical sections use: threads on one
	 * key share one.
	 */
	int slot(int thread) {
		return (this.keys == Keys.PER_THREAD) ? thread : 0;
	}

	static Scenario fromId(String id) {
		return Arrays.stream(values())
			.filter((scenario) -> scenario.id.equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(
					"Unknown scenario '" + id + "'; use 'all' or some of " + ids()));
	}

	static List<String> ids() {
		return Arrays.stream(values()).map(Scenario::id).toList();
	}

	private enum Keys {

		SHARED, PER_THREAD, NEW_EACH_CYCLE

	}

}
