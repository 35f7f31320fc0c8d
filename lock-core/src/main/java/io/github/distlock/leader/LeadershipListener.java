package io.github.distlock.leader;

/**
 * Told when this participant becomes leader of an election and when it stops leading, in that
 * order, on a thread of the elections (never the lock service's event thread). Implementations
 * should return quickly.
 */
public interface LeadershipListener {

	/**
	 * This participant leads now.
	 * @param leadership the term that begins
	 */
	default void granted(Leadership leadership) {
	}

	/**
	 * This participant no longer leads.
	 * @param leadership the term that ended
	 * @param reason why it ended
	 */
	default void revoked(Leadership leadership, RevocationReason reason) {
	}

}
