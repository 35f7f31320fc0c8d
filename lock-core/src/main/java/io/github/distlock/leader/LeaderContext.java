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

package io.github.distlock.leader;

import org.jspecify.annotations.Nullable;

/**
 * The leadership under which the calling thread works ({@code @LeaderOnly} methods and
 * {@link LeaderElection#executeAsLeader(LeaderCallback)}).
 *
 * @since 0.1.0
 */
public final class LeaderContext {

	private static final ThreadLocal<@Nullable Leadership> current = new ThreadLocal<>();

	private LeaderContext() {
	}

	/**
	 * The term of the innermost leader work of the calling thread.
	 * @return the leadership, or {@code null} outside leader work
	 */
	public static @Nullable Leadership current() {
		return current.get();
	}

	static @Nullable Leadership enter(Leadership leadership) {
		Leadership previous = current.get();
		current.set(leadership);
		return previous;
	}

	static void leave(@Nullable Leadership previous) {
		if (previous != null) {
			current.set(previous);
		}
		else {
			current.remove();
		}
	}

}
