package io.github.distlock.leader;

import io.github.distlock.core.DistributedLockException;

/**
 * Work was to be done as the leader of an election that this participant does not lead.
 */
public class NotLeaderException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	private final String election;

	public NotLeaderException(String election) {
		super("This participant does not lead election '" + election + "'");
		this.election = election;
	}

	/**
	 * The election's name.
	 * @return the name
	 */
	public String getElection() {
		return this.election;
	}

}
