package io.github.distlock.leader;

/**
 * Why a participant stopped leading.
 */
public enum RevocationReason {

	/**
	 * The connection to the lock service was suspended: the election's lock is in doubt. The
	 * participant leads again, in the same term, if the connection comes back in time.
	 */
	IN_DOUBT,

	/** The session or lease behind the election's lock ended: another participant may lead. */
	LOST,

	/**
	 * The participant's process did not run for longer than the election's pause tolerance (it
	 * was stopped, or paused by the garbage collector): its session may have ended meanwhile
	 * without its knowing. It gives its lock up and queues again.
	 */
	PAUSED,

	/** The participant left the election, or its leader task returned (selector mode). */
	LEFT

}
