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

package io.github.distlock.zookeeper;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeoutException;

import io.github.distlock.core.spi.FencingTokens;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.client.ZKClientConfig;
import org.jspecify.annotations.Nullable;

/**
 * One acquisition with no thread waiting, of a {@code MUTEX} ({@link MutexRecipe#acquire}'s
 * protocol) or of a {@code READ} or {@code WRITE} ({@link ReadWriteNodes}), with
 * {@link ZooKeeperLockBackend#acquire}'s rounds, as a chain of background requests. Each round
 * queues a node ({@link BackgroundNodeCreate}), reads the lock path's children, and either holds
 * the lock (nothing before its node blocks it, by the {@link NodeQueue}'s rule) or watches the
 * node that blocks it with {@code getData}, whose event reads the children again. Each answer, watch event or connection event sends the next
 * request from the thread it came on, Curator's or ZooKeeper's, which it never blocks;
 * {@link AcquisitionSteps} keeps the chain to one step at a time.
 * <ul>
 * <li>A lost connection does not end the wait: a request that fails with it is sent again once
 * the client is connected ({@link ConnectionWait}), while the node lives with its session. A node
 * gone with its session queues a new one, within the deadline.</li>
 * <li>The deadline, on the {@link AsyncTimer}, ends the wait at once while it waits for a watch
 * or for the connection; a request under way at the deadline gets {@link CuratorCallDeadline}'s
 * grace to answer, and its answer ends the wait unless it grants the lock (so a wait time of
 * zero tries once).</li>
 * <li>{@link #cancel} ends the wait as the deadline does. An ended wait removes its watcher in
 * ZooKeeper ({@link NodeQueue#removeWatcher}) and deletes its node in the background
 * (guaranteed); a node whose create answers afterwards is deleted then.</li>
 * </ul>
 */
final class AsyncNodeAcquisition {

	private final CuratorFramework client;

	private final NodeQueue recipe;

	private final SessionStateTracker session;

	private final AsyncTimer timer;

	private final AcquisitionFailures failures;

	private final String key;

	private final String path;

	private final long startNanos;

	private final long deadlineNanos;

	private final CompletableFuture<HeldNode> result = new CompletableFuture<>();

	private final AcquisitionSteps steps = new AcquisitionSteps();

	/** Our node in the queue, once created. */
	private volatile @Nullable QueuedNode node;

	private volatile @Nullable ScheduledFuture<?> deadline;

	/** Whether the deadline passed while a request was under way, which then got its grace. */
	private volatile boolean graceGiven;

	AsyncNodeAcquisition(CuratorFramework client, NodeQueue recipe, SessionStateTracker session, AsyncTimer timer,
			AcquisitionFailures failures, String key, String path, long startNanos, long deadlineNanos) {
		this.client = client;
		this.recipe = recipe;
		this.session = session;
		this.timer = timer;
		this.failures = failures;
		this.key = key;
		this.path = path;
		this.startNanos = startNanos;
		this.deadlineNanos = deadlineNanos;
	}

	/**
	 * Starts queuing.
	 * @return the node once held, in its session; completed exceptionally with the failure the
	 * blocking path gives, or with {@link CancellationException} once {@link #cancel cancelled}
	 */
	CompletableFuture<HeldNode> start() {
		// the first request first: a deadline passed already gives it its grace
		queue();
		try {
			this.deadline = this.timer.schedule(this::deadlineReached, this.deadlineNanos);
			if (!this.steps.isWaiting()) {
				cancelDeadline();
			}
		}
		catch (RejectedExecutionException closed) {
			end(this.failures.closed(this.key, this.path));
		}
		return this.result;
	}

	/** Ends the wait, unless the lock is held already. */
	void cancel() {
		end(new CancellationException("The acquisition of lock '" + this.key + "' (" + this.path + ") was cancelled"));
	}

	/** Ends the wait because the backend closes, unless the lock is held already. */
	void backendClosed() {
		end(this.failures.closed(this.key, this.path));
	}

	/**
	 * A round: a new node, once connected (the blocking path's {@code awaitConnection}); a closed
	 * client's create fails at once, as the blocking path's does.
	 */
	private void queue() {
		if (!this.client.getZookeeperClient().isConnected() && this.client.getState() != CuratorFrameworkState.STOPPED) {
			if (pastDeadline()) {
				end(this.failures.notConnected(this.key, this.path));
			}
			else {
				awaitConnection(this::queue);
			}
			return;
		}
		Object call = new Request();
		if (this.steps.await(call)) {
			BackgroundNodeCreate.start(this.client, this.recipe.creator(), this.recipe.nodePath(), this.steps::hasEnded,
					(created, sessionId, failure) -> created(call, created, sessionId, failure));
		}
	}

	private void created(Object call, LockNodeCreator.@Nullable CreatedNode created, long sessionId,
			@Nullable Exception failure) {
		if (created != null) {
			this.node = new QueuedNode(created.path(), created.czxid(), sessionId);
			if (this.steps.hasEnded()) {
				// ended while the create was under way (end() may delete it too: no matter)
				this.recipe.deleteQuietly(created.path());
			}
		}
		if (!this.steps.proceed(call)) {
			return;
		}
		if (created == null) {
			failed(failure, this::queue);
		}
		else if (created.czxid() == 0 || sessionId == 0) {
			readStat(created.path());
		}
		else if (created.firstInNewLockPath()) {
			granted();
		}
		else {
			readChildren();
		}
	}

	/** The creation zxid and session of a node found again after its create's answer was lost. */
	private void readStat(String nodePath) {
		Object call = new Request();
		send(call, () -> this.client.checkExists().inBackground((client, event) -> {
			if (!this.steps.proceed(call)) {
				return;
			}
			KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
			if (code == KeeperException.Code.OK && event.getStat() != null) {
				this.node = new QueuedNode(nodePath, event.getStat().getCzxid(), event.getStat().getEphemeralOwner());
				readChildren();
			}
			else if (code == KeeperException.Code.OK || code == KeeperException.Code.NONODE) {
				nodeGone(new QueuedNode(nodePath, 0, 0));
			}
			else {
				failed(KeeperException.create(code, nodePath), () -> readStat(nodePath));
			}
		}).forPath(nodePath));
	}

	/** Reads the lock path's children: does our node hold, and which node blocks it? */
	private void readChildren() {
		Object call = new Request();
		send(call, () -> this.client.getChildren()
			.inBackground((client, event) -> childrenRead(call, event))
			.forPath(this.recipe.basePath()));
	}

	private void childrenRead(Object call, CuratorEvent event) {
		if (!this.steps.proceed(call)) {
			return;
		}
		QueuedNode queued = this.node;
		if (queued == null) {
			noNode();
			return;
		}
		KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
		if (code != KeeperException.Code.OK) {
			if (code == KeeperException.Code.NONODE) {
				// the lock path went, as a container does once empty: our node is gone
				nodeGone(queued);
			}
			else {
				failed(KeeperException.create(code, this.recipe.basePath()), this::readChildren);
			}
			return;
		}
		List<String> children = this.recipe.inQueueOrder(event.getChildren());
		int index = children.indexOf(ZKPaths.getNodeFromPath(queued.path()));
		if (index < 0) {
			nodeGone(queued);
			return;
		}
		String blocker = this.recipe.blocker(children, index);
		if (blocker == null) {
			granted();
		}
		else if (pastDeadline()) {
			end(this.failures.waitElapsed(this.key, this.path, this.startNanos, null));
		}
		else {
			watch(ZKPaths.makePath(this.recipe.basePath(), blocker));
		}
	}

	/**
	 * Watches the node that blocks ours with {@code getData}, as Curator does: an exists watch would stay
	 * behind on a missing node. The client's configuration tells the watch whether the client
	 * sets it again on reconnecting or drops it on disconnecting ({@link PredecessorWatch}).
	 */
	private void watch(String predecessor) {
		boolean resetOnReconnect;
		try {
			resetOnReconnect = !this.client.getZookeeperClient()
				.getZooKeeper()
				.getClientConfig()
				.getBoolean(ZKClientConfig.DISABLE_AUTO_WATCH_RESET);
		}
		catch (Exception ex) {
			failed(ex, this::readChildren);
			return;
		}
		PredecessorWatch watch = new PredecessorWatch(predecessor, this.steps, this.recipe, resetOnReconnect,
				this::readChildren, (failure) -> failed(failure, this::readChildren));
		send(watch, () -> this.client.getData()
			.usingWatcher(watch)
			.inBackground((client, event) -> watch.read(event))
			.forPath(predecessor));
	}

	/**
	 * Nothing blocks our node: the lock is ours if the node's session is the client's, as the blocking
	 * path checks; a node gone with its session is given up and queued again.
	 */
	private void granted() {
		QueuedNode queued = this.node;
		if (queued == null) {
			noNode();
			return;
		}
		if (queued.sessionId() != this.session.sessionId()) {
			this.node = null;
			this.recipe.deleteQuietly(queued.path());
			if (pastDeadline()) {
				end(this.failures.sessionEnded(this.key, this.path));
			}
			else {
				queue();
			}
		}
		else if (this.steps.grant()) {
			cancelDeadline();
			this.result.complete(new HeldNode(queued.path(), FencingTokens.of(queued.czxid(), 0), null,
					queued.sessionId()));
		}
	}

	/**
	 * A step that goes on from our node found none, which the protocol never does: having taken
	 * the step, it fails the acquisition at once rather than leave it with no step under way, to
	 * end only at the deadline as if the wait had elapsed.
	 */
	private void noNode() {
		end(this.failures.failure(this.key, this.path,
				new IllegalStateException("No lock node queued under " + this.recipe.basePath())));
	}

	/**
	 * Our node is not in the queue: gone with its session, it is queued again within the
	 * deadline; gone otherwise, the acquisition fails as the blocking path's does.
	 */
	private void nodeGone(QueuedNode queued) {
		if (queued.sessionId() != this.session.sessionId() && !pastDeadline()) {
			this.node = null;
			queue();
			return;
		}
		end(this.failures.failure(this.key, this.path,
				new KeeperException.NoNodeException("Lock node " + queued.path() + " is gone (session lost?)")));
	}

	/**
	 * A request failed: over a lost connection, sent again once connected, within the deadline;
	 * otherwise the acquisition fails.
	 */
	private void failed(@Nullable Exception failure, Runnable again) {
		if (failure instanceof KeeperException keeper && isConnectionProblem(keeper.code()) && !pastDeadline()) {
			awaitConnection(again);
			return;
		}
		end(this.failures.failure(this.key, this.path,
				(failure != null) ? failure : new IllegalStateException("no answer from Curator")));
	}

	private static boolean isConnectionProblem(KeeperException.Code code) {
		return code == KeeperException.Code.CONNECTIONLOSS || code == KeeperException.Code.OPERATIONTIMEOUT
				|| code == KeeperException.Code.SESSIONEXPIRED || code == KeeperException.Code.SESSIONMOVED;
	}

	/**
	 * Sends a request as the step to go on from, unless the acquisition ended; a request Curator
	 * refuses to send (its client is closed) fails the acquisition.
	 */
	private void send(Object token, BackgroundRequest request) {
		if (!this.steps.await(token)) {
			return;
		}
		try {
			request.send();
		}
		catch (Exception ex) {
			if (this.steps.proceed(token)) {
				end(this.failures.failure(this.key, this.path, ex));
			}
		}
	}

	private void awaitConnection(Runnable then) {
		ConnectionWait wait = new ConnectionWait(this.client);
		if (this.steps.await(wait)) {
			wait.start(() -> {
				if (this.steps.proceed(wait)) {
					then.run();
				}
			});
		}
	}

	/**
	 * At the deadline: the wait ends at once, unless a request is under way, which gets its grace
	 * first.
	 */
	private void deadlineReached() {
		Object awaited = this.steps.awaited();
		if (awaited instanceof Request && !this.graceGiven) {
			this.graceGiven = true;
			try {
				this.deadline = this.timer.schedule(this::deadlineReached,
						this.deadlineNanos + CuratorCallDeadline.graceNanos(this.deadlineNanos - this.startNanos));
				if (!this.steps.isWaiting()) {
					// ended meanwhile, and cancelled the deadline that was running: not this one
					cancelDeadline();
				}
				return;
			}
			catch (RejectedExecutionException closed) {
				// the backend closes: end now
			}
		}
		if (awaited instanceof ConnectionWait && this.node == null) {
			end(this.failures.notConnected(this.key, this.path));
		}
		else {
			end(this.failures.waitElapsed(this.key, this.path, this.startNanos, (awaited instanceof Request)
					? new TimeoutException("ZooKeeper did not answer within the wait time and its grace") : null));
		}
	}

	private boolean pastDeadline() {
		return System.nanoTime() - this.deadlineNanos >= 0;
	}

	/**
	 * Ends the wait, unless the lock was granted: undoes the step awaited, deletes our node in
	 * the background and completes the result with the failure.
	 */
	private void end(RuntimeException failure) {
		boolean ended = this.steps.end((awaited) -> {
			if (awaited instanceof PredecessorWatch watch) {
				this.recipe.removeWatcher(watch.predecessor(), watch);
			}
			else if (awaited instanceof ConnectionWait wait) {
				wait.cancel();
			}
		});
		if (!ended) {
			return;
		}
		cancelDeadline();
		QueuedNode queued = this.node;
		if (queued != null) {
			this.recipe.deleteQuietly(queued.path());
		}
		this.result.completeExceptionally(failure);
	}

	private void cancelDeadline() {
		ScheduledFuture<?> pending = this.deadline;
		if (pending != null) {
			pending.cancel(false);
		}
	}

	/** A request to ZooKeeper in background mode. */
	@FunctionalInterface
	private interface BackgroundRequest {

		void send() throws Exception;

	}

	/** A request under way, as a step's token: its answer goes on. */
	private static final class Request {

	}

	/**
	 * Our node: its path, creation zxid (the token) and session ({@code 0} while unknown).
	 */
	private record QueuedNode(String path, long czxid, long sessionId) {
	}

}
