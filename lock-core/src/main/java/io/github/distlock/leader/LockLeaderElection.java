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

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * A {@link LeaderElection} on a {@link LockRegistry}: the participants contend for the
 * {@code MUTEX} of the key {@code leader:<name>}, each on a thread of its own, and the holder
 * leads; the lock's fencing token is the epoch of its term. In latch mode a participant leads
 * until it leaves or its lock is lost; in selector mode it runs its {@link LeaderTask}, gives
 * the lock up and queues again.
 * <p>
 * Leadership is revoked as soon as the lock is in doubt (and granted again, in the same term, if
 * the lock is held again) or lost, never kept silently: with
 * {@link #lockStateChanged() lockStateChanged} called for the registry's state changes (as
 * {@link LeaderElections} does) at once, otherwise within 200 ms. Leader work running then is
 * interrupted if the options say so (a selector task always), and ends with
 * {@link LeadershipLostException}. A selector task keeps the lock until it returns, even
 * past its revocation, so that no other participant leads beside it (unless the lock is lost
 * meanwhile). A leader whose process did not run for longer than the
 * pause tolerance gives leadership up when it resumes, before the lock service could tell it
 * that its session ended, and does not count as leader meanwhile.
 * <p>
 * Its jobs are classes of their own: the thread it takes part on ({@code CampaignThread}), its
 * terms and the threads doing their work ({@code Terms}), and a run of the selector task
 * ({@code SelectorTaskRun}); this class takes the lock and leads while it is held. It runs past
 * 400 lines (about 275 of code) for the javadoc of a public type and of its {@link Options}.
 *
 * @since 0.1.0
 */
public final class LockLeaderElection implements LeaderElection, AutoCloseable {

	private static final Log logger = LogFactory.getLog(LockLeaderElection.class);

	/** The prefix of an election's lock key. */
	public static final String KEY_PREFIX = "leader:";

	/** How long one attempt to take the election's lock waits; the participant then queues again. */
	private static final Duration CAMPAIGN_WAIT = Duration.ofMinutes(10);

	private final LockRegistry registry;

	private final String name;

	private final String participantId;

	private final @Nullable LeaderTask task;

	private final Options options;

	private final ExecutorService notifier;

	private final boolean ownNotifier;

	private final Terms terms;

	private final CampaignThread campaign;

	private volatile @Nullable LockHandle lock;

	/** When the election's thread last looked at its lock while leading ({@link System#nanoTime()}). */
	private volatile long heartbeat;

	private final long pauseToleranceNanos;

	/** Whether the last run of the selector task failed; on the election's thread only. */
	private boolean taskFailed;

	/**
	 * A latch-mode election: the participant leads until it leaves or its lock is lost.
	 * @param registry the lock registry
	 * @param name the election's name, not blank
	 * @param participantId this participant's id
	 * @param options what happens on revocation
	 * @param listener told of each term's start and end
	 */
	public LockLeaderElection(LockRegistry registry, String name, String participantId, Options options,
			LeadershipListener listener) {
		this(registry, name, participantId, options, listener, null, null);
	}

	/**
	 * A selector-mode election: the participant runs the task when it leads, then gives
	 * leadership up and queues again.
	 * @param registry the lock registry
	 * @param name the election's name, not blank
	 * @param participantId this participant's id
	 * @param options what happens on revocation
	 * @param listener told of each term's start and end
	 * @param task what the leader does
	 */
	public LockLeaderElection(LockRegistry registry, String name, String participantId, Options options,
			LeadershipListener listener, LeaderTask task) {
		this(registry, name, participantId, options, listener, Objects.requireNonNull(task, "task"), null);
	}

	LockLeaderElection(LockRegistry registry, String name, String participantId, Options options,
			LeadershipListener listener, @Nullable LeaderTask task, @Nullable ExecutorService notifier) {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("Election name must not be null or blank, but was "
					+ ((name != null) ? "'" + name + "'" : "null"));
		}
		this.registry = Objects.requireNonNull(registry, "registry");
		this.name = name;
		Objects.requireNonNull(participantId, "participantId");
		if (participantId.isBlank() || participantId.length() > LockRequest.MAX_OWNER_LENGTH) {
			throw new IllegalArgumentException("The participant id of election '" + name
					+ "' must not be blank nor longer than " + LockRequest.MAX_OWNER_LENGTH + " characters, but was '"
					+ participantId + "'");
		}
		this.participantId = participantId;
		this.options = Objects.requireNonNull(options, "options");
		Objects.requireNonNull(listener, "listener");
		this.task = task;
		this.pauseToleranceNanos = options.pauseTolerance().toNanos();
		this.ownNotifier = (notifier == null);
		this.notifier = (notifier != null) ? notifier : LeaderElections.newNotifier();
		this.terms = new Terms(name, participantId, listener, this.notifier, options.interruptOnRevoke() || task != null);
		this.campaign = new CampaignThread(name);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public String participantId() {
		return this.participantId;
	}

	/**
	 * The key of the election's lock.
	 * @return {@code leader:<name>}
	 */
	public String lockKey() {
		return KEY_PREFIX + this.name;
	}

	/**
	 * Whether this is a selector-mode election.
	 * @return whether it runs a {@link LeaderTask}
	 */
	public boolean isSelector() {
		return this.task != null;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Also: the election's thread looked at the lock within the pause tolerance. A process that
	 * was stopped does not lead when it resumes, before that thread found out.
	 */
	@Override
	public boolean isLeader() {
		LockHandle held = this.lock;
		return this.terms.current() != null && held != null && held.state() == LockState.HELD
				&& System.nanoTime() - this.heartbeat <= this.pauseToleranceNanos;
	}

	@Override
	public Optional<Leadership> leadership() {
		return isLeader() ? Optional.ofNullable(this.terms.current()) : Optional.empty();
	}

	@Override
	public CompletionStage<RevocationReason> whenEnded(Leadership term) {
		Objects.requireNonNull(term, "term");
		return this.terms.whenEnded(term);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Reads the owner of the election's lock, which each participant records as its id.
	 */
	@Override
	public Optional<String> currentLeader() {
		return isLeader() ? Optional.of(this.participantId) : this.registry.ownerOf(lockKey(), LockType.MUTEX);
	}

	/**
	 * Whether the participant takes part in the election now.
	 * @return whether it was started and not stopped
	 */
	public boolean isRunning() {
		return this.campaign.running();
	}

	@Override
	public <T extends @Nullable Object> T executeAsLeader(LeaderCallback<T> callback) {
		Objects.requireNonNull(callback, "callback");
		Leadership term = this.terms.current();
		if (term == null || !isLeader()) {
			throw new NotLeaderException(this.name);
		}
		if (term.equals(LeaderContext.current())) {
			return callback.doAsLeader(term);
		}
		T result = this.terms.asWorker(term, callback);
		if (this.terms.current() != term) {
			throw new LeadershipLostException(term, this.terms.lastReason());
		}
		return result;
	}

	/**
	 * Joins the election, on a thread of its own; does nothing if it takes part already. After a
	 * {@link #stop()} that returned before the election's thread ended, that thread takes part
	 * again once it has finished leaving.
	 * @throws IllegalStateException if it was closed
	 */
	public void start() {
		this.campaign.start(this::campaign);
	}

	/**
	 * Leaves the election: a leader's term ends ({@link RevocationReason#LEFT}) and its lock is
	 * released, in selector mode once the task has ended. Waits up to 10 seconds for the
	 * election's thread, which goes on leaving in the background after that. It may be started
	 * again.
	 */
	public void stop() {
		this.campaign.stop();
	}

	/**
	 * Leaves the election for good ({@link #stop()}).
	 */
	@Override
	public void close() {
		this.campaign.close();
		if (this.ownNotifier) {
			this.notifier.shutdown();
		}
	}

	/**
	 * The registry changed the state of a lock of this election's key: a leader whose lock is no
	 * longer held is revoked at once. Does not block; may be called on a lock service's event
	 * thread.
	 */
	public void lockStateChanged() {
		revokeUnlessHeld();
		this.campaign.signal();
	}

	private void campaign() {
		do {
			takePart();
			this.terms.revoke(RevocationReason.LEFT);
		}
		while (!this.campaign.ended());
	}

	private void takePart() {
		while (this.campaign.running()) {
			LockHandle handle = takeLock();
			if (handle == null) {
				continue;
			}
			try {
				lead(handle);
			}
			finally {
				this.terms.revoke(RevocationReason.LEFT);
				this.lock = null;
				// an interrupt that ended the term must not keep the release from the lock service
				Thread.interrupted();
				closeQuietly(handle);
			}
			if (this.taskFailed) {
				// not at once into the next term of a task that fails
				this.taskFailed = false;
				pause(this.options.retryDelay());
			}
		}
	}

	private @Nullable LockHandle takeLock() {
		try {
			return this.registry.acquire(new LockRequest(lockKey(), LockType.MUTEX, CAMPAIGN_WAIT, KEY_PREFIX + this.name)
				.withOwner(this.participantId));
		}
		catch (LockInterruptedException ex) {
			Thread.interrupted();
		}
		catch (LockAcquisitionException ex) {
			// queue again
		}
		catch (RuntimeException ex) {
			if (this.campaign.running()) {
				logger.warn("Election '" + this.name + "': could not take part (" + ex
						+ "); trying again in " + this.options.retryDelay());
				pause(this.options.retryDelay());
			}
		}
		return null;
	}

	/**
	 * Leads while the lock is held: watches its state and the process's pauses, and, in
	 * selector mode, runs the task on a thread of its own until it returns.
	 */
	private void lead(LockHandle handle) {
		this.heartbeat = System.nanoTime();
		this.lock = handle;
		SelectorTaskRun taskRun = null;
		try {
			while (this.campaign.running()) {
				long seen = this.campaign.changes();
				long now = System.nanoTime();
				if (now - this.heartbeat > this.pauseToleranceNanos && this.terms.current() != null) {
					// the process did not run for a while: the lock service may have let the lock go
					this.terms.revoke(RevocationReason.PAUSED);
					return;
				}
				this.heartbeat = now;
				if (taskRun != null && taskRun.ended()) {
					return;
				}
				LockState state = handle.state();
				if (state == LockState.HELD) {
					Leadership term = grant(handle);
					if (term != null && this.task != null && taskRun == null) {
						taskRun = new SelectorTaskRun(this.name, this.task, this.terms, term, this.campaign::signal);
					}
				}
				else if (state == LockState.IN_DOUBT) {
					this.terms.revoke(RevocationReason.IN_DOUBT);
					if (taskRun != null) {
						// the task ended with its term; it gives the lock up and queues again
						return;
					}
				}
				else {
					this.terms.revoke(RevocationReason.LOST);
					return;
				}
				this.campaign.awaitChange(seen);
			}
		}
		finally {
			if (taskRun != null) {
				this.terms.revoke(RevocationReason.LEFT);
				taskRun.awaitEnd();
				this.taskFailed = taskRun.failed();
			}
		}
	}

	/**
	 * Begins a term unless one runs; ends it at once if the lock was no longer held when it
	 * began (a state change told meanwhile may have found no term to revoke).
	 */
	private @Nullable Leadership grant(LockHandle handle) {
		Terms.Term term = this.terms.begin(handle.fencingToken());
		if (!term.began()) {
			return term.leadership();
		}
		return revokeUnlessHeld() ? null : term.leadership();
	}

	private boolean revokeUnlessHeld() {
		LockHandle handle = this.lock;
		if (handle == null) {
			return false;
		}
		LockState state = handle.state();
		if (state == LockState.HELD) {
			return false;
		}
		this.terms.revoke((state == LockState.IN_DOUBT) ? RevocationReason.IN_DOUBT : RevocationReason.LOST);
		return true;
	}

	private void closeQuietly(LockHandle handle) {
		try {
			handle.close();
		}
		catch (RuntimeException ex) {
			logger.warn("Election '" + this.name + "': could not release its lock", ex);
		}
	}

	private static void pause(Duration delay) {
		try {
			Thread.sleep(delay.toMillis());
		}
		catch (InterruptedException ex) {
			// stop() interrupts; the caller looks at running
		}
	}

	@Override
	public String toString() {
		return "LeaderElection[name=" + this.name + ", participant=" + this.participantId + ", leader=" + isLeader()
				+ "]";
	}

	/**
	 * What an election does beyond taking part.
	 *
	 * @param interruptOnRevoke whether to interrupt the threads doing leader work
	 * ({@link LeaderElection#executeAsLeader(LeaderCallback)}, {@code @LeaderOnly}) when
	 * leadership is revoked; a selector task is always interrupted
	 * @param retryDelay how long to wait before trying again when the lock service fails
	 * @param pauseTolerance how long a leader's process may not run (a stop, a garbage collection
	 * pause) and still lead: longer, and it gives up leadership ({@link RevocationReason#PAUSED})
	 * and queues again, since its session may have ended meanwhile; at least 1 second
	 */
	public record Options(boolean interruptOnRevoke, Duration retryDelay, Duration pauseTolerance) {

		/** No interrupt of leader work, one second between tries, two seconds of pause tolerated. */
		public static final Options DEFAULTS = new Options(false, Duration.ofSeconds(1), Duration.ofSeconds(2));

		public Options {
			Objects.requireNonNull(retryDelay, "retryDelay");
			Objects.requireNonNull(pauseTolerance, "pauseTolerance");
			if (retryDelay.isNegative()) {
				throw new IllegalArgumentException("retryDelay must not be negative, but was " + retryDelay);
			}
			if (pauseTolerance.compareTo(Duration.ofSeconds(1)) < 0) {
				throw new IllegalArgumentException("pauseTolerance must be at least 1 second, but was " + pauseTolerance);
			}
		}

		/**
		 * Options with two seconds of pause tolerated.
		 * @param interruptOnRevoke whether to interrupt the threads doing leader work on revocation
		 * @param retryDelay how long to wait before trying again when the lock service fails
		 */
		public Options(boolean interruptOnRevoke, Duration retryDelay) {
			this(interruptOnRevoke, retryDelay, Duration.ofSeconds(2));
		}

	}

}
