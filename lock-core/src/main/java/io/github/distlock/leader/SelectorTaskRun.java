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

import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * One run of a selector election's task, on a thread of its own, as a worker of its term: the
 * election's thread goes on watching the lock and the process's pauses meanwhile.
 */
final class SelectorTaskRun {

	private static final Log logger = LogFactory.getLog(LockLeaderElection.class);

	private static final long WARN_EVERY_MILLIS = 10_000;

	private final String name;

	private final Thread thread;

	private volatile boolean ended;

	private volatile boolean failed;

	/**
	 * Starts the task.
	 * @param onEnd run when the task has ended, on its thread
	 */
	SelectorTaskRun(String name, LeaderTask task, Terms terms, Leadership term, Runnable onEnd) {
		this.name = name;
		this.thread = new Thread(() -> run(task, terms, term, onEnd), "distributed-lock-leader-task-" + name);
		this.thread.setDaemon(true);
		this.thread.start();
	}

	private void run(LeaderTask task, Terms terms, Leadership term, Runnable onEnd) {
		try {
			terms.asWorker(term, (leadership) -> {
				try {
					task.lead(leadership);
				}
				catch (InterruptedException ex) {
					// revoked, or leaving
				}
				catch (Exception ex) {
					this.failed = true;
					logger.warn("Election '" + this.name + "': the leader task failed", ex);
				}
				return null;
			});
		}
		catch (NotLeaderException revokedBeforeItBegan) {
			// the term ended before the task could begin
		}
		catch (RuntimeException ex) {
			this.failed = true;
			logger.warn("Election '" + this.name + "': the leader task failed", ex);
		}
		finally {
			this.ended = true;
			onEnd.run();
		}
	}

	boolean ended() {
		return this.ended;
	}

	boolean failed() {
		return this.failed;
	}

	/**
	 * Waits for the task, which its term's revocation interrupted, however long it takes: the
	 * election's lock is released only after it, so that no participant, in this process or
	 * another, leads beside it (unless the lock is lost meanwhile). An interrupt (a stop) does
	 * not end the wait; a warning is logged every 10 seconds.
	 */
	void awaitEnd() {
		long start = System.nanoTime();
		boolean interrupted = false;
		while (this.thread.isAlive()) {
			try {
				this.thread.join(WARN_EVERY_MILLIS);
			}
			catch (InterruptedException ex) {
				interrupted = true;
				continue;
			}
			if (this.thread.isAlive()) {
				logger.warn("Election '" + this.name + "': the leader task has not ended "
						+ TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) + " s after its revocation"
						+ " (does it ignore interrupts?); the election's lock is kept until it does");
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

}
