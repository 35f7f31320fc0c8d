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

package io.github.distlock.core.memory;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The threads parked in this library: what a wait with no thread waiting must not add to.
 */
public final class ParkedThreads {

	private ParkedThreads() {
	}

	/**
	 * The threads, other than the caller, waiting (with or without a time out) in a frame of a
	 * class of this library.
	 * @return their names
	 */
	public static List<String> inThisLibrary() {
		List<String> waiting = new ArrayList<>();
		for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
			if (info.getThreadId() == Thread.currentThread().getId()) {
				continue;
			}
			boolean parked = info.getThreadState() == Thread.State.WAITING
					|| info.getThreadState() == Thread.State.TIMED_WAITING;
			boolean ours = Arrays.stream(info.getStackTrace())
				.anyMatch((frame) -> frame.getClassName().startsWith("io.github.distlock."));
			if (parked && ours) {
				waiting.add(info.getThreadName());
			}
		}
		return waiting;
	}

}
