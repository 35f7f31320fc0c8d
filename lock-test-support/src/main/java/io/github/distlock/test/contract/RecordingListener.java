/*
 * SPDX-License-Identifier: Apache-2.0
 * Copyright 2026 the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.distlock.test.contract;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.jspecify.annotations.Nullable;

/**
 * Records what a registry tells its listener: state changes, and every event as a line.
 */
final class RecordingListener implements LockListener {

	private final List<Change> changes = new CopyOnWriteArrayList<>();

	private final List<String> events = new CopyOnWriteArrayList<>();

	@Override
	public void onAcquisitionStarted(LockRequest request) {
		this.events.add(request.key() + " started " + request.type());
	}

	@Override
	public void onAcquired(AcquiredLock lock, Duration waited) {
		this.events.add(lock.key() + " acquired " + lock.type());
	}

	@Override
	public void onAcquisitionFailed(LockRequest request, Duration waited, DistributedLockException failure) {
		this.events.add(request.key() + " failed " + failure.getClass().getSimpleName());
	}

	@Override
	public void onReleased(AcquiredLock lock, Duration held) {
		this.events.add(lock.key() + " released " + lock.type());
	}

	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		this.changes.add(new Change(lock.key(), previous, current));
		this.events.add(lock.key() + " " + previous + "->" + current);
	}

	/**
	 * Every event told for a key, in order, without the key.
	 */
	List<String> eventsOf(String key) {
		return this.events.stream()
			.filter((event) -> event.startsWith(key + " "))
			.map((event) -> event.substring(key.length() + 1))
			.toList();
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
