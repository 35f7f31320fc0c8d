package io.github.distlock.leader;

import org.jspecify.annotations.Nullable;

/**
 * The leadership under which the calling thread works ({@code @LeaderOnly} methods and
 * {@link LeaderElection#executeAsLeader(LeaderCallback)}).
 */
public final class LeaderContext {

	private static final ThreadLocal<@Nullable Leadership> current = new ThreadLocal<>();

	private LeaderContext() {
	}

	/**
	 * The term of the innermost leader work of the calling thread.
	 * @return the leadership, or {@code null} outside leader work
	 */
	public static @Nullable Leadership current() {
		return current.get();
	}

	static @Nullable Leadership enter(Leadership leadership) {
		Leadership previous = current.get();
		current.set(leadership);
		return previous;
	}

	static void leave(@Nullable Leadership previous) {
		if (previous != null) {
			current.set(previous);
		}
		else {
			current.remove();
		}
	}

}
