package io.github.distlock.autoconfigure;

/**
 * {@link ZooKeeperConnectionDetails} from {@code distributed-lock.zookeeper.connect-string}.
 */
final class PropertiesZooKeeperConnectionDetails implements ZooKeeperConnectionDetails {

	private final ZooKeeperLockProperties properties;

	PropertiesZooKeeperConnectionDetails(ZooKeeperLockProperties properties) {
		this.properties = properties;
	}

	@Override
	public String getConnectString() {
		return this.properties.getConnectString();
	}

}
