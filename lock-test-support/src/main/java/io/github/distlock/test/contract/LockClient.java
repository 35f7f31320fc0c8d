package io.github.distlock.test.contract;

import io.github.distlock.core.LockRegistry;

/**
 * One contender of the contract suite: a {@link LockRegistry} with a session (or lease) of its
 * own in the lock service, as a separate process has. The suite closes it after each test.
 */
public interface LockClient extends AutoCloseable {

	/**
	 * The client's registry.
	 * @return the registry
	 */
	LockRegistry registry();

	/**
	 * Closes the registry and the client's connection to the lock service.
	 * @throws Exception if closing fails
	 */
	@Override
	void close() throws Exception;

}
