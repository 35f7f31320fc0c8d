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

/**
 * Ends a worker process when the harness that started it is gone, so that no worker survives a
 * harness killed with SIGKILL (the ZooKeeper server's own main class does the same).
 */
final class ParentWatch {

	private ParentWatch() {
	}

	/**
	 * Halts this JVM as soon as its parent process exits.
	 * @param what what this process is, for the message
	 */
	static void haltWhenParentExits(String what) {
		ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
		if (parent == null || !parent.isAlive()) {
			halt(what);
		}
		parent.onExit().thenRun(() -> halt(what));
	}

	private static void halt(String what) {
		System.err.println(what + ": the harness process is gone; exiting");
		Runtime.getRuntime().halt(3);
	}

}
