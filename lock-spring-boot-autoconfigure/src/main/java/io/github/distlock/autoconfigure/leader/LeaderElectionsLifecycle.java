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

package io.github.distlock.autoconfigure.leader;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

import io.github.distlock.interceptor.LeaderOnlySource;
import io.github.distlock.leader.LeaderElections;
import org.springframework.context.SmartLifecycle;

/**
 * Joins the elections of the {@code @LeaderOnly} methods and of
 * {@code distributed-lock.leader.elections} when the application starts, and leaves them all
 * when it stops, before the lock registry is closed.
 */
final class LeaderElectionsLifecycle implements SmartLifecycle {

	private final LeaderElections elections;

	private final LeaderOnlySource source;

	private final Collection<String> configured;

	LeaderElectionsLifecycle(LeaderElections elections, LeaderOnlySource source, Collection<String> configured) {
		this.elections = elections;
		this.source = source;
		this.configured = configured;
	}

	@Override
	public void start() {
		Set<String> names = new LinkedHashSet<>(this.configured);
		names.addAll(this.source.electionNames());
		names.forEach(this.elections::election);
		this.elections.start();
	}

	@Override
	public void stop() {
		this.elections.stop();
	}

	@Override
	public boolean isRunning() {
		return this.elections.isRunning();
	}

}
