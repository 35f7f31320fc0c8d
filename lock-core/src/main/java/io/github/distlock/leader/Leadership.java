package io.github.distlock.leader;

import java.time.Instant;
import java.util.Objects;

/**
 * One term of leadership of a participant.
 *
 * @param election the election's name
 * @param participantId the leader's participant id
 * @param epoch greater for each new leader of the election, in every process (the fencing token
 * of the election's lock): pass it with the leader's writes so that a deposed leader's writes can
 * be refused
 * @param grantedAt when leadership was granted
 */
public record Leadership(String election, String participantId, long epoch, Instant grantedAt) {

	public Leadership {
		Objects.requireNonNull(election, "election");
		Objects.requireNonNull(participantId, "participantId");
		Objects.requireNonNull(grantedAt, "grantedAt");
	}

}
