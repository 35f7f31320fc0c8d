package io.github.distlock.zookeeper;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockState;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the states of held locks in step with the client's ZooKeeper session: a lock is
 * {@link LockState#HELD held} while its session is connected, {@link LockState#IN_DOUBT in
 * doubt} while that session may still live, and {@link LockState#LOST lost} once another
 * session replaced it or Curator reported it lost. Each change is told to the listener, and
 * optionally the holder's thread is interrupted for a loss.
 * <p>
 * Curator's connection events arrive on its event thread; they read only local state here,
 * under a lock held for local reads only, and never wait for ZooKeeper.
 */
final class SessionStateTracker implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(SessionStateTracker.class);

	private final CuratorFramework client;

	private final RecipeCache recipes;

	private final LockListener listener;

	private final boolean interruptOnLoss;

	private final Runnable onConnected;

	/**
	 * Serializes the states of held locks: connection events and the catch-up of a lock just
	 * acquired each set states from the connection as it is when they hold this lock, so a later
	 * reading is never overwritten by an earlier one.
	 */
	private final ReentrantLock stateLock = new ReentrantLock();

	private final ConnectionStateListener connectionListener = (client, state) -> connectionChanged(state);

	/**
	 * Starts following the client's connection.
	 * @param onConnected run on each connection event that finds the client connected; must not
	 * block
	 */
	SessionStateTracker(CuratorFramework client, RecipeCache recipes, LockListener listener, boolean interruptOnLoss,
			Runnable onConnected) {
		this.client = client;
		this.recipes = recipes;
		this.listener = listener;
		this.interruptOnLoss = interruptOnLoss;
		this.onConnected = onConnected;
		client.getConnectionStateListenable().addListener(this.connectionListener);
	}

	/**
	 * The client's current session.
	 * @return the session id, {@code 0} when there is none
	 */
	long sessionId() {
		try {
			return this.client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return 0;
		}
	}

	boolean isConnected() {
		return this.client.getZookeeperClient().isConnected();
	}

	/**
	 * Tracks a lock just acquired, and applies to it what the connection did meanwhile: it is in
	 * doubt if the connection is down, and lost if its session ended.
	 */
	void track(RecipeReference reference, ZookeeperLockHandle handle) {
		StateChange change;
		this.stateLock.lock();
		try {
			reference.handles().add(handle);
			change = follow(handle, false);
		}
		finally {
			this.stateLock.unlock();
		}
		tell(change);
	}

	private void connectionChanged(ConnectionState newState) {
		if (newState.isConnected()) {
			this.onConnected.run();
		}
		List<StateChange> changes = new ArrayList<>();
		this.stateLock.lock();
		try {
			this.recipes.forEachHandle((handle) -> changes.add(follow(handle, newState == ConnectionState.LOST)));
		}
		finally {
			this.stateLock.unlock();
		}
		changes.forEach(this::tell);
	}

	/**
	 * Sets a lock's state from the connection as it is now. A loss reported late, for an earlier
	 * session, leaves a lock of the connected session alone. Called with the state lock held.
	 * @param sessionLost whether Curator reports a lost session
	 */
	private StateChange follow(ZookeeperLockHandle handle, boolean sessionLost) {
		// connected first: a session read afterwards is at least as new
		boolean connected = isConnected();
		long sessionId = sessionId();
		LockState next;
		if (sessionId != handle.sessionId() || (sessionLost && !connected)) {
			next = LockState.LOST;
		}
		else {
			next = connected ? LockState.HELD : LockState.IN_DOUBT;
		}
		return new StateChange(handle, handle.transition(next), next);
	}

	private void tell(StateChange change) {
		ZookeeperLockHandle handle = change.handle();
		if (change.previous() == null) {
			return;
		}
		if (change.next() == LockState.LOST) {
			logger.warn("Lock '" + handle.key() + "' (node " + handle.nodePath() + ") held by thread '"
					+ handle.holderThread() + "' was lost: its ZooKeeper session ended");
			if (this.interruptOnLoss) {
				handle.interruptHolderUnlessReleased();
			}
		}
		this.listener.onStateChanged(handle, change.previous(), change.next());
	}

	@Override
	public void close() {
		this.client.getConnectionStateListenable().removeListener(this.connectionListener);
	}

	/**
	 * A change of a lock's state, to tell once the state lock is released.
	 */
	private record StateChange(ZookeeperLockHandle handle, @Nullable LockState previous, LockState next) {
	}

}
