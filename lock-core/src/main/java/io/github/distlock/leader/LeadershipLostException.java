package io.github.distlock.leader;

import io.github.distlock.core.DistributedLockException;

/**
 * Leadership was revoked while work was done as the leader: another participant may have led
 * meanwhile, so the work's effects are to be treated as a deposed leader's.
 */
public class LeadershipLostException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	private final Leadership leadership;

	private final RevocationReason reason;

	public LeadershipLostException(Leadership leadership, RevocationReason reason) {
		super("Leadership of election '" + leadership.election() + "' (epoch " + leadership.epoch()
				+ ") was revoked (" + reason + ") while work was done as its leader");
		this.leadership = leadership;
		this.reason = reason;
	}

	/**
	 * The term that was revoked.
	 * @return the leadership
	 */
	public Leadership getLeadership() {
		return this.leadership;
	}

	/**
	 * Why it was revoked.
	 * @return the reason
	 */
	public RevocationReason getReason() {
		return this.reason;
	}

}
