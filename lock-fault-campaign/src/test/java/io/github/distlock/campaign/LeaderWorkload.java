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

import java.sql.Connection;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockState;
import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.LeadershipListener;
import io.github.distlock.leader.LeadershipLostException;
import io.github.distlock.leader.LockLeaderElection;
import io.github.distlock.leader.NotLeaderException;

/**
 * The election part of a worker process: this process's participant (latch mode, named after
 * the worker) in the election {@value #ELECTION}, through {@link LeaderElections}, and a thread
 * that, while it leads, does leader work again and again: an increment of the {@value #KEY}
 * counter, claimed with the term's epoch as its fencing token and committed only while the
 * participant still leads, each recorded as a {@link CampaignWorker.Kind#LEADER} operation with
 * the epoch as its token. The election is left while the campaign pauses, so that its lock is
 * free for the check of stuck keys. It is the registry's listener, so that a leader whose lock
 * is in doubt or lost is revoked at once.
 */
final class LeaderWorkload implements LockListener {

	static final String ELECTION = "campaign";

	/** The election's lock key, and the counter its leaders increment. */
	static final String KEY = "leader:" + ELECTION;

	/** The least time between two pieces of leader work (at most three times as much). */
	private static final int WORK_GAP_MS = 50;

	private final String worker;

	private final Consumer<String> history;

	private final AtomicLong operations;

	private volatile LeaderElections elections;

	private volatile boolean idle;

	private Thread thread;

	LeaderWorkload(String worker, Consumer<String> history, AtomicLong operations) {
		this.worker = worker;
		this.history = history;
		this.operations = operations;
	}

	/**
	 * Joins the election and starts the leader thread.
	 * @param thread the thread number to record the leader work under
	 */
	void start(LockRegistry registry, String db, Random random, int thread, BooleanSupplier paused,
			BooleanSupplier stopping) {
		LeaderElections elections = new LeaderElections(registry, this.worker,
				new LockLeaderElection.Options(false, Duration.ofMillis(200)), new LeadershipListener() {
				});
		LeaderElection election = elections.election(ELECTION);
		this.elections = elections;
		this.thread = new Thread(() -> {
			try (Connection connection = CampaignDatabase.connect(db)) {
				GuardedCounter counter = new GuardedCounter(connection, random);
				while (!stopping.getAsBoolean()) {
					if (paused.getAsBoolean()) {
						elections.stop();
						this.idle = true;
						Thread.sleep(20);
						continue;
					}
					if (!elections.isRunning()) {
						elections.start();
					}
					if (election.isLeader()) {
						leaderWork(election, counter, thread);
					}
					Thread.sleep(WORK_GAP_MS + random.nextInt(WORK_GAP_MS * 2));
				}
			}
			catch (Exception | Error ex) {
				// an Error too: a thread that died silently would only show as a worker that never pauses
				this.history.accept("ERROR\t" + this.worker + "\t" + thread + "\t" + ex);
			}
			finally {
				elections.close();
			}
		}, "campaign-" + this.worker + "-leader");
		this.thread.start();
	}

	/** Whether the leader thread has left the election and does nothing, the campaign paused. */
	boolean idle() {
		return this.idle;
	}

	/**
	 * One piece of leader work, and its line in the history: ended {@code HELD} if the
	 * participant still led in the same term, {@code REVOKED} otherwise.
	 */
	private void leaderWork(LeaderElection election, GuardedCounter counter, int thread)
			throws InterruptedException {
		long op = this.operations.incrementAndGet();
		long[] section = new long[3];
		String outcome;
		try {
			outcome = election.executeAsLeader((leadership) -> {
				section[0] = System.nanoTime();
				section[2] = leadership.epoch();
				try {
					return counter.increment(KEY, leadership.epoch(), () -> leads(election, leadership.epoch()),
							this.worker, op).name();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return "INTERRUPTED";
				}
				finally {
					section[1] = System.nanoTime();
				}
			});
		}
		catch (NotLeaderException ex) {
			return;
		}
		catch (LeadershipLostException ex) {
			outcome = ex.getClass().getSimpleName();
		}
		if (Thread.interrupted()) {
			throw new InterruptedException();
		}
		String endState = leads(election, section[2]) ? "HELD" : "REVOKED";
		this.history.accept(new Operation(this.worker, thread, op, KEY, CampaignWorker.Kind.LEADER, section[2], 0,
				section[0], section[1], outcome, endState).line());
	}

	private static boolean leads(LeaderElection election, long epoch) {
		return election.isLeader() && election.leadership().map((term) -> term.epoch() == epoch).orElse(false);
	}

	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		LeaderElections elections = this.elections;
		if (elections != null) {
			elections.onStateChanged(lock, previous, current);
		}
	}

	/** Waits for the leader thread to end, after the campaign's stop. */
	boolean awaitEnd(Duration timeout) throws InterruptedException {
		this.thread.join(timeout.toMillis());
		return !this.thread.isAlive();
	}

}
