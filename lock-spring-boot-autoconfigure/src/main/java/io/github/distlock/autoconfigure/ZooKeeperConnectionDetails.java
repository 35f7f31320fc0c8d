package io.github.distlock.autoconfigure;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/**
 * Where the ZooKeeper ensemble is, when it is not {@code distributed-lock.zookeeper.connect-string}:
 * a bean of this type (as Spring Boot's Testcontainers {@code @ServiceConnection} and Docker
 * Compose support define for a ZooKeeper container) replaces the property.
 */
public interface ZooKeeperConnectionDetails extends ConnectionDetails {

	/**
	 * Comma-separated {@code host:port} pairs of the ensemble, optionally followed by a chroot
	 * path.
	 * @return the connect string
	 */
	String getConnectString();

}
