package io.github.distlock.health;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.jspecify.annotations.Nullable;

/**
 * Remembers the last connection state Curator reported for a client, which Curator does not
 * expose: {@code SUSPENDED} and {@code LOST} tell a dropped connection from an ended session.
 */
final class ConnectionStateTracker implements ConnectionStateListener, AutoCloseable {

	private final CuratorFramework client;

	private volatile @Nullable ConnectionState state;

	ConnectionStateTracker(CuratorFramework client) {
		this.client = client;
		client.getConnectionStateListenable().addListener(this);
		if (client.getZookeeperClient().isConnected()) {
			this.state = ConnectionState.CONNECTED;
		}
	}

	@Override
	public void stateChanged(CuratorFramework client, ConnectionState newState) {
		this.state = newState;
	}

	/**
	 * The last state reported.
	 * @return the state, or {@code null} if the client has not connected yet
	 */
	@Nullable ConnectionState current() {
		return this.state;
	}

	@Override
	public void close() {
		this.client.getConnectionStateListenable().removeListener(this);
	}

}
