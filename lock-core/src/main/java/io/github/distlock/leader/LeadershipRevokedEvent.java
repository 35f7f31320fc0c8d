package io.github.distlock.leader;

import org.springframework.context.ApplicationEvent;

/**
 * Published when this process stops leading an election.
 */
public class LeadershipRevokedEvent extends ApplicationEvent {

	private static final long serialVersionUID = 1L;

	private final Leadership leadership;

	private final RevocationReason reason;

	/**
	 * @param source the elections
	 * @param leadership the term that ended
	 * @param reason why it ended
	 */
	public LeadershipRevokedEvent(Object source, Leadership leadership, RevocationReason reason) {
		super(source);
		this.leadership = leadership;
		this.reason = reason;
	}

	/**
	 * The term that ended.
	 * @return the leadership
	 */
	public Leadership getLeadership() {
		return this.leadership;
	}

	/**
	 * Why it ended.
	 * @return the reason
	 */
	public RevocationReason getReason() {
		return this.reason;
	}

}
