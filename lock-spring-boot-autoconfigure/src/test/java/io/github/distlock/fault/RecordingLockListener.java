package io.github.distlock.fault;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockState;

/**
 * Records the state changes a listener is told of, as {@code key:PREVIOUS->CURRENT}.
 */
class RecordingLockListener implements LockListener {

	final List<String> changes = new CopyOnWriteArrayList<>();

	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		this.changes.add(lock.key() + ":" + previous + "->" + current);
	}

}
