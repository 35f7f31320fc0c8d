package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.FencingTokens;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.LockInternals;
import org.apache.curator.framework.recipes.locks.StandardLockInternalsDriver;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.WatcherType;
import org.jspecify.annotations.Nullable;

/**
 * {@link LockType#MUTEX} with two-level locking and local hand-off.
 * <p>
 * Threads of this JVM queue on a fair local lock; the thread at its head contends in ZooKeeper
 * with the protocol of Curator's {@code InterProcessMutex} (an ephemeral sequential
 * {@code _c_<uuid>-lock-} node, each contender watching only its predecessor), so it interoperates
 * with processes using {@code InterProcessMutex} on the same path. Unlike
 * {@code InterProcessMutex}, the node is not bound to a thread: when the holder releases while
 * another thread of this JVM waits, the held node passes to that thread without a delete and a
 * create, at most {@code maxHandoffs} times in a row and within {@code maxHandoffTime} of the
 * node's acquisition; then it is deleted, so other processes get their turn in ZooKeeper's FIFO
 * order. Reentrant per thread. Fencing tokens follow {@link FencingTokens}.
 */
final class HandoffMutexRecipe implements CuratorLockRecipe {

	private static final String LOCK_NAME = "lock-";

	private static final StandardLockInternalsDriver SORTER = new StandardLockInternalsDriver();

	private final CuratorFramework client;

	private final String basePath;

	private final LockNodeCreator creator;

	private final ReentrantLock local = new ReentrantLock(true);

	private final int maxHandoffs;

	private final long maxHandoffNanos;

	private final LongSupplier sessionId;

	// Written by the thread that holds the local lock; volatile for eviction on another thread.
	private volatile @Nullable String nodePath;

	private volatile long czxid;

	private volatile long nodeSession;

	private volatile long nodeAcquiredNanos;

	private volatile int handoffs;

	HandoffMutexRecipe(CuratorFramework client, String basePath, LockNodeCreator creator, int maxHandoffs,
			Duration maxHandoffTime, LongSupplier sessionId) {
		this.client = client;
		this.basePath = basePath;
		this.creator = creator;
		this.maxHandoffs = Math.min(maxHandoffs, FencingTokens.MAX_HANDOFFS);
		this.maxHandoffNanos = maxHandoffTime.toNanos();
		this.sessionId = sessionId;
	}

	@Override
	public @Nullable HeldNode acquire(LockType type, long waitNanos) throws Exception {
		long deadline = System.nanoTime() + waitNanos;
		if (!this.local.tryLock(waitNanos, TimeUnit.NANOSECONDS)) {
			return null;
		}
		boolean acquired = false;
		try {
			if (this.local.getHoldCount() == 1) {
				if (this.nodePath != null && holdsNodeSafely()) {
					this.handoffs++;
				}
				else {
					deleteNode();
					if (!acquireNode(Math.max(0, deadline - System.nanoTime()))) {
						return null;
					}
				}
			}
			acquired = true;
			return current();
		}
		finally {
			if (!acquired) {
				this.local.unlock();
			}
		}
	}

	private HeldNode current() {
		return new HeldNode(this.nodePath, FencingTokens.of(this.czxid, this.handoffs), null, this.nodeSession);
	}

	@Override
	public void release(LockType type, HeldNode node) throws Exception {
		release(true);
	}

	/**
	 * Deletes the node even while another thread of this JVM waits: the revocation request is
	 * for a contender elsewhere.
	 */
	@Override
	public void releaseRevoked(LockType type, HeldNode node) throws Exception {
		release(false);
	}

	private void release(boolean handOffAllowed) throws Exception {
		if (!this.local.isHeldByCurrentThread()) {
			throw new IllegalMonitorStateException("The lock on " + this.basePath + " is not held by this thread");
		}
		try {
			if (this.local.getHoldCount() == 1 && !(handOffAllowed && mayHandOff())) {
				deleteNode();
			}
		}
		finally {
			this.local.unlock();
		}
	}

	private boolean mayHandOff() {
		return this.nodePath != null && this.local.hasQueuedThreads() && this.handoffs < this.maxHandoffs
				&& System.nanoTime() - this.nodeAcquiredNanos < this.maxHandoffNanos && holdsNodeSafely();
	}

	/**
	 * Whether the node may pass to another thread: its session is the current one, and the
	 * connection is up (while it is suspended, the lock is in doubt).
	 */
	private boolean holdsNodeSafely() {
		return this.client.getZookeeperClient().isConnected() && this.nodeSession == this.sessionId.getAsLong();
	}

	/**
	 * Contends in ZooKeeper as {@code InterProcessMutex} does.
	 * @return whether the node became the first within the wait
	 */
	private boolean acquireNode(long waitNanos) throws Exception {
		long deadline = System.nanoTime() + waitNanos;
		long session = this.sessionId.getAsLong();
		LockNodeCreator.CreatedNode created = this.creator.create(this.client,
				ZKPaths.makePath(this.basePath, LOCK_NAME), null);
		String ourPath = created.path();
		long ourCzxid = created.czxid();
		boolean acquired = false;
		try {
			if (ourCzxid == 0) {
				ourCzxid = LockNodes.czxid(this.client, ourPath);
			}
			acquired = created.firstInNewLockPath() || awaitTurn(ourPath, deadline);
		}
		finally {
			if (!acquired) {
				deleteQuietly(ourPath);
			}
		}
		if (!acquired) {
			return false;
		}
		this.nodePath = ourPath;
		this.czxid = ourCzxid;
		this.nodeSession = session;
		this.nodeAcquiredNanos = System.nanoTime();
		this.handoffs = 0;
		return true;
	}

	/**
	 * Waits until our node is the first of the lock path, each time watching only its
	 * predecessor. A lost connection does not end the wait: our node lives as long as its
	 * session, so the wait goes on once the connection is back, within the wait time (if the
	 * session ended, the node is gone and the caller queues again).
	 * @return {@code false} if the deadline passed first
	 */
	private boolean awaitTurn(String ourPath, long deadline) throws Exception {
		String ourName = ZKPaths.getNodeFromPath(ourPath);
		while (true) {
			try {
				List<String> children = LockInternals.getSortedChildren(this.client, this.basePath, LOCK_NAME,
						SORTER);
				int index = children.indexOf(ourName);
				if (index < 0) {
					throw new KeeperException.NoNodeException("Lock node " + ourPath + " is gone (session lost?)");
				}
				if (index == 0) {
					return true;
				}
				if (!awaitPredecessor(ZKPaths.makePath(this.basePath, children.get(index - 1)), deadline)) {
					return false;
				}
			}
			catch (KeeperException.ConnectionLossException ex) {
				long remaining = deadline - System.nanoTime();
				if (remaining <= 0
						|| !this.client.blockUntilConnected((int) Math.min(Integer.MAX_VALUE, Math.max(1, remaining / 1_000_000)),
								TimeUnit.MILLISECONDS)) {
					throw ex;
				}
			}
		}
	}

	/**
	 * Waits until the predecessor's node changes or the deadline passes. Each wait has its own
	 * watcher, which only opens a latch: it runs on the client's event thread, which must never
	 * wait for a lock that a thread in a ZooKeeper call may hold. A wait that gives up removes
	 * its watcher, so that repeated attempts on a key held elsewhere do not pile watchers up.
	 * @return {@code false} if the deadline passed
	 */
	private boolean awaitPredecessor(String predecessor, long deadline) throws Exception {
		CountDownLatch changed = new CountDownLatch(1);
		Watcher watcher = (event) -> changed.countDown();
		try {
			// getData, as Curator does: an exists watch would stay behind on a missing node
			this.client.getData().usingWatcher(watcher).forPath(predecessor);
		}
		catch (KeeperException.NoNodeException gone) {
			return true;
		}
		long remaining = deadline - System.nanoTime();
		if (remaining > 0 && changed.await(remaining, TimeUnit.NANOSECONDS)) {
			return true;
		}
		removeWatcher(predecessor, watcher);
		return false;
	}

	private void removeWatcher(String path, Watcher watcher) {
		try {
			this.client.watchers().remove(watcher).ofType(WatcherType.Data).locally().inBackground().forPath(path);
		}
		catch (Exception ex) {
			// it goes when the node changes
		}
	}

	private void deleteNode() throws Exception {
		String path = this.nodePath;
		if (path == null) {
			return;
		}
		this.nodePath = null;
		this.handoffs = 0;
		if (!this.client.getZookeeperClient().isConnected()) {
			// do not hold the caller for Curator's retries: the delete is guaranteed in the background
			deleteQuietly(path);
			return;
		}
		try {
			this.client.delete().guaranteed().forPath(path);
		}
		catch (KeeperException.NoNodeException alreadyGone) {
			// the session that owned it ended
		}
	}

	/**
	 * Deletes a node we gave up on without blocking the caller (who may be past its wait time,
	 * interrupted, or cut off from ZooKeeper); Curator retries a guaranteed delete until it is done.
	 */
	private void deleteQuietly(String path) {
		try {
			this.client.delete().guaranteed().inBackground().forPath(path);
		}
		catch (Exception ex) {
			// guaranteed: Curator retries it in the background
		}
	}

	@Override
	public boolean isHeldByCurrentThread(LockType type) {
		return this.local.isHeldByCurrentThread();
	}

	@Override
	public Collection<String> participantNodes() throws Exception {
		return LockInternals.getParticipantNodes(this.client, this.basePath, LOCK_NAME, SORTER);
	}

	@Override
	public void evicted() {
		String path = this.nodePath;
		if (path != null) {
			this.nodePath = null;
			deleteQuietly(path);
		}
	}

}
