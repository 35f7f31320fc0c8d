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

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Watches ZooKeeper's event threads of this JVM: the one thread that delivers every watcher
 * and connection event of a client. Blocked on a monitor, or parked in the starter's code, for
 * longer than {@value #LIMIT_MS} ms, it delays SUSPENDED and LOST, so locks may stay held in
 * the holder's eyes while they are not: each such episode is reported once, with the stack.
 */
final class EventThreadProbe {

	private static final long LIMIT_MS = 1_000;

	private static final long SAMPLE_MS = 50;

	private final Consumer<String> report;

	private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

	/** Since when each event thread has been stuck (System.nanoTime), and whether reported. */
	private final Map<Long, long[]> stuckSince = new HashMap<>();

	EventThreadProbe(Consumer<String> report) {
		this.report = report;
	}

	void start() {
		Thread probe = new Thread(this::run, "event-thread-probe");
		probe.setDaemon(true);
		probe.start();
	}

	private void run() {
		while (true) {
			try {
				sample();
				Thread.sleep(SAMPLE_MS);
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	private void sample() {
		long now = System.nanoTime();
		for (ThreadInfo info : this.threads.dumpAllThreads(false, false, 8)) {
			if (info == null || !info.getThreadName().endsWith("-EventThread")) {
				continue;
			}
			long id = info.getThreadId();
			if (!stuck(info)) {
				this.stuckSince.remove(id);
				continue;
			}
			long[] since = this.stuckSince.computeIfAbsent(id, (key) -> new long[] { now, 0 });
			long millis = (now - since[0]) / 1_000_000;
			if (millis > LIMIT_MS && since[1] == 0) {
				since[1] = 1;
				this.report.accept(millis + " ms " + info.getThreadState() + " on " + info.getLockName() + " at "
						+ Arrays.stream(info.getStackTrace()).limit(4).map(String::valueOf).collect(Collectors.joining(" < ")));
			}
		}
	}

	private static boolean stuck(ThreadInfo info) {
		if (info.getThreadState() == Thread.State.BLOCKED) {
			return true;
		}
		boolean parked = info.getThreadState() == Thread.State.WAITING
				|| info.getThreadState() == Thread.State.TIMED_WAITING;
		return parked && Arrays.stream(info.getStackTrace())
			.anyMatch((frame) -> frame.getClassName().startsWith("io.github.distlock."));
	}

}
