package io.github.distlock.test.contract;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockState;
import org.jspecify.annotations.Nullable;

/**
 * Records the state changes a registry tells of.
 */
final class RecordingListener implements LockListener {

	private final List<Change> changes = new CopyOnWriteArrayList<>();

	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		this.changes.add(new Change(lock.key(), previous, current));
	}

	/**
	 * The changes told for the locks of a key, in order.
	 */
	List<Change> changesOf(String key) {
		return this.changes.stream().filter((change) -> change.key().equals(key)).toList();
	}

	/**
	 * The state the last change for a key moved to.
	 */
	@Nullable LockState lastStateOf(String key) {
		List<Change> ofKey = changesOf(key);
		return ofKey.isEmpty() ? null : ofKey.get(ofKey.size() - 1).current();
	}

	record Change(String key, LockState previous, LockState current) {

		@Override
		public String toString() {
			return this.previous + "->" + this.current;
		}

	}

}
