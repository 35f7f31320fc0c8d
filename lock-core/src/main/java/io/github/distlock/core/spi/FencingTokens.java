package io.github.distlock.core.spi;

/**
 * The rule for fencing tokens of backends whose locks may be handed off from thread to thread
 * of a process: a number the lock service gave the lock's node or key (ZooKeeper's creation zxid,
 * etcd's create revision, each greater for every later node or key), times 1024, plus the number
 * of local hand-offs of that node or key so far. A node is handed off at most
 * {@value #MAX_HANDOFFS} times, so every later holder of a lock gets a greater token, whether it
 * created a node or was handed that of its predecessor. (The product stays below
 * {@code Long.MAX_VALUE} while the service's number is below 2^53.)
 */
public final class FencingTokens {

	/** The most hand-offs of one node or key. */
	public static final int MAX_HANDOFFS = 1023;

	private static final int SHIFT = 10;

	private FencingTokens() {
	}

	/**
	 * The token of a lock.
	 * @param serviceNumber the number the service gave the lock's node or key
	 * @param handoffs how many times it was handed off so far
	 * @return the token
	 * @throws IllegalStateException if the number is out of range
	 */
	public static long of(long serviceNumber, int handoffs) {
		if (serviceNumber < 0 || serviceNumber > (Long.MAX_VALUE >> SHIFT)) {
			throw new IllegalStateException("Lock service number " + serviceNumber + " is out of the range of fencing tokens");
		}
		if (handoffs < 0 || handoffs > MAX_HANDOFFS) {
			throw new IllegalArgumentException("handoffs must be between 0 and " + MAX_HANDOFFS + ", but was " + handoffs);
		}
		return (serviceNumber << SHIFT) | handoffs;
	}

}
