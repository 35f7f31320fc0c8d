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

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockState;

/**
 * The leader elections this process takes part in, on one {@link LockRegistry}, with one
 * participant id: one {@link LockLeaderElection} per name, joined when {@link #start()} was
 * called, left on {@link #stop()}, and for good on {@link #close()}. It is a {@link LockListener}: told of the registry's
 * state changes, it revokes a leader whose lock is in doubt or lost at once.
 *
 * @since 0.1.0
 */
public class LeaderElections implements LockListener, AutoCloseable {

	private final LockRegistry registry;

	private final String participantId;

	private final LockLeaderElection.Options options;

	private final LeadershipListener listener;

	private final ExecutorService notifier = newNotifier();

	private final Map<String, LockLeaderElection> elections = new ConcurrentHashMap<>();

	private volatile boolean started;

	/**
	 * @param registry the lock registry the elections take locks of
	 * @param participantId this process's id in every election
	 * @param options what happens on revocation
	 * @param listener told of each term's start and end, in every election
	 */
	public LeaderElections(LockRegistry registry, String participantId, LockLeaderElection.Options options,
			LeadershipListener listener) {
		this.registry = Objects.requireNonNull(registry, "registry");
		this.participantId = Objects.requireNonNull(participantId, "participantId");
		this.options = Objects.requireNonNull(options, "options");
		this.listener = Objects.requireNonNull(listener, "listener");
	}

	/**
	 * The latch-mode election of a name, joined at once if the elections are started.
	 * @param name the election's name, not blank
	 * @return the election
	 * @throws IllegalStateException if the name is a selector-mode election's
	 */
	public LeaderElection election(String name) {
		LockLeaderElection election = this.elections.computeIfAbsent(name,
				(key) -> new LockLeaderElection(this.registry, key, this.participantId, this.options, this.listener,
						null, this.notifier));
		if (election.isSelector()) {
			throw new IllegalStateException("Election '" + name + "' is a selector-mode election of this process");
		}
		startIfStarted(election);
		return election;
	}

	/**
	 * Joins a selector-mode election: the task runs each time this process leads, and
	 * leadership ends when it returns.
	 * @param name the election's name, not blank
	 * @param task what the leader does
	 * @return the election
	 * @throws IllegalStateException if this process takes part in an election of that name already
	 */
	public LeaderElection election(String name, LeaderTask task) {
		Objects.requireNonNull(task, "task");
		LockLeaderElection created = new LockLeaderElection(this.registry, name, this.participantId, this.options,
				this.listener, task, this.notifier);
		if (this.elections.putIfAbsent(name, created) != null) {
			throw new IllegalStateException("This process takes part in election '" + name + "' already");
		}
		startIfStarted(created);
		return created;
	}

	/**
	 * The elections this process takes part in.
	 * @return a snapshot, in no particular order
	 */
	public List<LeaderElection> elections() {
		return new ArrayList<>(this.elections.values());
	}

	/**
	 * This process's id in the elections.
	 * @return the participant id
	 */
	public String participantId() {
		return this.participantId;
	}

	/**
	 * Joins every election obtained so far, and those obtained later at once.
	 */
	public void start() {
		this.started = true;
		this.elections.values().forEach(LockLeaderElection::start);
	}

	/**
	 * Whether the elections were started and not closed.
	 * @return whether they run
	 */
	public boolean isRunning() {
		return this.started;
	}

	/**
	 * Leaves every election: leaders' terms end and their locks are released. {@link #start()}
	 * joins them again.
	 */
	public void stop() {
		this.started = false;
		this.elections.values().forEach(LockLeaderElection::stop);
	}

	/**
	 * Leaves every election for good.
	 */
	@Override
	public void close() {
		this.started = false;
		this.elections.values().forEach(LockLeaderElection::close);
		this.notifier.shutdown();
		try {
			this.notifier.awaitTermination(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		String key = lock.key();
		if (key.startsWith(LockLeaderElection.KEY_PREFIX)) {
			LockLeaderElection election = this.elections.get(key.substring(LockLeaderElection.KEY_PREFIX.length()));
			if (election != null) {
				election.lockStateChanged();
			}
		}
	}

	private void startIfStarted(LockLeaderElection election) {
		if (this.started) {
			election.start();
		}
	}

	/**
	 * The default participant id: the host name and the process id, {@code host:pid}.
	 * @return the id
	 */
	public static String defaultParticipantId() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (Exception ex) {
			host = "unknown-host";
		}
		return host + ":" + ProcessHandle.current().pid();
	}

	static ExecutorService newNotifier() {
		return Executors.newSingleThreadExecutor((task) -> {
			Thread thread = new Thread(task, "distributed-lock-leader-events");
			thread.setDaemon(true);
			return thread;
		});
	}

}
