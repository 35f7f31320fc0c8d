package io.github.distlock.zookeeper;

import io.github.distlock.core.LockState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;

/**
 * Tells the state of a lock from the client's ZooKeeper session: {@link LockState#HELD held}
 * while the session that created its node is connected, {@link LockState#IN_DOUBT in doubt}
 * while that session may still live, and {@link LockState#LOST lost} once another session
 * replaced it or Curator reported it lost. It follows Curator's connection events, on Curator's
 * event thread: it reads only local state there, and never waits for ZooKeeper.
 */
final class SessionStateTracker implements AutoCloseable {

	private final CuratorFramework client;

	private final Runnable onConnected;

	private final ConnectionStateListener connectionListener = (client, state) -> connectionChanged(state);

	/** The session Curator reported lost while the client was not connected; {@code 0} if none. */
	private volatile long lostSession;

	private volatile Runnable onChange = () -> {
	};

	/**
	 * Starts following the client's connection.
	 * @param onConnected run on each connection event that finds the client connected; must not
	 * block
	 */
	SessionStateTracker(CuratorFramework client, Runnable onConnected) {
		this.client = client;
		this.onConnected = onConnected;
		client.getConnectionStateListenable().addListener(this.connectionListener);
	}

	/**
	 * Sets what to run after each connection event, when the states of locks may have changed.
	 */
	void onChange(Runnable onChange) {
		this.onChange = onChange;
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
	 * The state of a lock held in a session, from the connection as it is now. A loss reported
	 * late, for an earlier session, leaves a lock of the connected session alone.
	 * @param session the session that created the lock's node
	 */
	LockState stateOf(long session) {
		// connected first: a session read afterwards is at least as new
		boolean connected = isConnected();
		if (session != sessionId() || session == this.lostSession) {
			return LockState.LOST;
		}
		return connected ? LockState.HELD : LockState.IN_DOUBT;
	}

	private void connectionChanged(ConnectionState newState) {
		if (newState.isConnected()) {
			this.onConnected.run();
		}
		else if (newState == ConnectionState.LOST && !isConnected()) {
			// Curator gave the session up: it must not count as live if the client still names it
			this.lostSession = sessionId();
		}
		this.onChange.run();
	}

	@Override
	public void close() {
		this.client.getConnectionStateListenable().removeListener(this.connectionListener);
	}

}
