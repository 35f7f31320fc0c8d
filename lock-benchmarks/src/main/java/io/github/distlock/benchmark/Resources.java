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

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What the harness started and must stop: closed in reverse order at the end of the run, or by
 * the shutdown hook on Ctrl-C or a failure, whichever comes first.
 */
final class Resources {

	private final Deque<AutoCloseable> open = new ArrayDeque<>();

	synchronized <T extends AutoCloseable> T add(T resource) {
		this.open.push(resource);
		return resource;
	}

	/** Closes one resource now (a worker group at the end of its scenario). */
	void close(AutoCloseable resource) {
		synchronized (this) {
			this.open.remove(resource);
		}
		closeQuietly(resource);
	}

	/** Closes everything still open; safe to call more than once and from a shutdown hook. */
	void closeAll() {
		while (true) {
			AutoCloseable next;
			synchronized (this) {
				next = this.open.poll();
			}
			if (next == null) {
				return;
			}
			closeQuietly(next);
		}
	}

	private static void closeQuietly(AutoCloseable resource) {
		try {
			resource.close();
		}
		catch (Exception ex) {
			System.err.println("Could not close " + resource + ": " + ex);
		}
	}

}
