package io.github.distlock.leader;

import org.jspecify.annotations.Nullable;

/**
 * Work done as the leader of an election.
 *
 * @param <T> the result type
 */
@FunctionalInterface
public interface LeaderCallback<T extends @Nullable Object> {

	/**
	 * Does the work.
	 * @param leadership the term it is done in
	 * @return the result
	 */
	T doAsLeader(Leadership leadership);

}
