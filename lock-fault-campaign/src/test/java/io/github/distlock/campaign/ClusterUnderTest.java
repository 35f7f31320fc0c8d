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

import java.time.Duration;
import java.util.List;

import io.github.distlock.core.LockRegistry;

/**
 * The lock service a campaign runs against, as the orchestrator sees it: its server processes,
 * which the {@link Nemesis} kills and restarts, the client processes that contend on it,
 * and what is left in it that must not be. One implementation per {@link Backend}.
 */
interface ClusterUnderTest extends AutoCloseable {

	/** What {@link #withRegistry} runs. */
	@FunctionalInterface
	interface RegistryTask<T> {

		T run(LockRegistry registry) throws Exception;

	}

	/**
	 * What {@link #endSessionOf} did.
	 *
	 * @param what what was ended, for the fault log, or {@code null} if nothing more than the
	 * fault's name says
	 * @param unaware the window ({@link System#nanoTime()}) in which the worker could not know
	 * yet, or {@code null} if the worker records it itself, or had nothing to end
	 */
	record SessionEnd(String what, long[] unaware) {
	}

	/**
	 * A client process of the campaign: its slot and how its registry is configured.
	 * @param caching whether its engine caches locks when the campaign runs with caching
	 */
	record WorkerSpec(String slot, String mode, boolean localQueue, int handoffs, boolean caching) {
	}

	/** The client processes to run, each behind a proxy of its own. */
	List<WorkerSpec> workers();

	/** The faults the nemesis chooses from, in a fixed order (a seed picks by index). */
	List<Nemesis.Fault> faults();

	/** The servers' client ports, which each worker's proxy forwards to, in member order. */
	List<Integer> clientPorts();

	/**
	 * Arguments every worker process gets, besides the campaign's own (its proxy's ports are
	 * added per worker).
	 */
	List<String> workerArgs();

	/**
	 * Waits until a member leads.
	 * @return the leader's index (0-based)
	 */
	int awaitLeader(Duration timeout) throws Exception;

	/** A running member that does not lead, or {@code -1}. */
	int follower() throws Exception;

	/** Kills a member (SIGKILL). */
	void kill(int member) throws Exception;

	/** Starts a killed member again on its data. */
	void restart(int member) throws Exception;

	/** The number of members (indices 0 to size - 1). */
	int size();

	/** Waits until every member runs and serves clients. */
	void awaitAllServing(Duration timeout) throws Exception;

	/**
	 * Ends a worker's hold on its locks from outside while it runs: its session expired
	 * (ZooKeeper) or its lease revoked (etcd).
	 */
	SessionEnd endSessionOf(WorkerProcess worker) throws Exception;

	/**
	 * Waits until a worker holds a lock, for a fault that must strike a holder.
	 * @return the lock it holds, or {@code null} if none within the timeout, or if the backend
	 * cannot tell (then the fault strikes at once)
	 */
	String awaitHolding(WorkerProcess worker, Duration timeout) throws Exception;

	/**
	 * The lock nodes (or keys) under one lock key, each described with its owner, for the
	 * {@link OrphanNodeSweep}.
	 */
	List<String> lockNodesOf(String key) throws Exception;

	/**
	 * Runs a task with a registry of the orchestrator's own (directly on the servers, no proxy),
	 * closed after it, for the check of stuck keys.
	 */
	<T> T withRegistry(RegistryTask<T> task) throws Exception;

	/**
	 * Once every registry is closed: waits a bounded time for what killed clients left to expire,
	 * then adds what is still left (nodes, keys, leases) to the checker.
	 */
	void checkLeftovers(InvariantChecker checker) throws Exception;

	/**
	 * What a worker's log says when its registry deletes a node of its own that no lock uses,
	 * or {@code null} if the backend logs no such thing.
	 */
	String strayNodeLogText();

}
