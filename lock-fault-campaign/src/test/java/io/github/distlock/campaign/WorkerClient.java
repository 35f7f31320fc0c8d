package io.github.distlock.campaign;

import io.github.distlock.core.LockRegistry;

/**
 * The worker side of a backend: the client of a campaign worker process, connected through its
 * proxy, and the registry its threads lock through (told of its locks' state changes by the
 * listener it was made with). One implementation per {@link Backend}.
 */
interface WorkerClient extends AutoCloseable {

	/** The registry the worker's threads lock through. */
	LockRegistry registry();

	/**
	 * Ends this process's session from outside, as a long pause or partition would.
	 * @return when it began and ended ({@link System#nanoTime()})
	 * @throws UnsupportedOperationException if the backend's sessions are ended by the
	 * orchestrator instead ({@link ClusterUnderTest#endSessionOf})
	 */
	long[] expireSession() throws Exception;

	/** Closes the registry, then the client. */
	@Override
	void close() throws Exception;

}
