package io.github.distlock.actuate;

import io.github.distlock.core.DistributedLockException;
import io.github.distlock.leader.LeaderElection;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Reads an election's current leader for the actuator, which shows nothing rather than fail
 * when the lock service cannot be read.
 */
final class CurrentLeaders {

	private static final Log logger = LogFactory.getLog(CurrentLeaders.class);

	private CurrentLeaders() {
	}

	static @Nullable String read(LeaderElection election) {
		try {
			return election.currentLeader().orElse(null);
		}
		catch (DistributedLockException ex) {
			logger.debug("Could not read the current leader of election '" + election.name() + "'", ex);
			return null;
		}
	}

}
