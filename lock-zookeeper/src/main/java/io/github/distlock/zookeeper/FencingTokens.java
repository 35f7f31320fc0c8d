package io.github.distlock.zookeeper;

/**
 * The rule for fencing tokens: the creation zxid of the ZooKeeper node behind a lock, times
 * 1024, plus the number of local hand-offs of that node so far. ZooKeeper's zxids only grow, and
 * a node is handed off at most {@value #MAX_HANDOFFS} times, so every later holder of a key gets
 * a greater token, whether it created a new node or was handed the node of its predecessor.
 * (The product stays below {@code Long.MAX_VALUE} while the ensemble's epoch, the upper half of
 * a zxid, is below 2^21: two million leader elections.)
 */
final class FencingTokens {

	/** The most hand-offs of one node. */
	static final int MAX_HANDOFFS = 1023;

	private static final int SHIFT = 10;

	private FencingTokens() {
	}

	static long of(long czxid, int handoffs) {
		if (czxid < 0 || czxid > (Long.MAX_VALUE >> SHIFT)) {
			throw new IllegalStateException("zxid " + czxid + " is out of the range of fencing tokens");
		}
		return (czxid << SHIFT) | handoffs;
	}

}
