package io.github.distlock.leader;

import org.springframework.context.ApplicationEvent;

/**
 * Published when this process becomes leader of an election.
 */
public class LeadershipGrantedEvent extends ApplicationEvent {

	private static final long serialVersionUID = 1L;

	private final Leadership leadership;

	/**
	 * @param source the elections
	 * @param leadership the term that begins
	 */
	public LeadershipGrantedEvent(Object source, Leadership leadership) {
		super(source);
		this.leadership = leadership;
	}

	/**
	 * The term that begins.
	 * @return the leadership
	 */
	public Leadership getLeadership() {
		return this.leadership;
	}

}
