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

package io.github.distlock.campaign;

/**
 * A critical section (or a failed attempt at one) as a worker recorded it.
 *
 * @param worker the worker process (id and generation)
 * @param thread the thread within it
 * @param op the operation number within the process
 * @param key the lock key
 * @param kind what was done: a lock type, or a nested call
 * @param token the fencing token of the outer lock ({@code 0} if none was acquired)
 * @param innerToken the nested lock's token ({@code 0} if none)
 * @param start when the outer lock was acquired ({@link System#nanoTime()}, {@code 0} if never)
 * @param end when the section ended, before the release
 * @param outcome how it ended: a {@link GuardedCounter.Outcome} (two joined by {@code +} for a
 * READ inside a WRITE), or the simple name of the exception the lock threw
 * @param endState the outer lock's state at the end, or {@code null}
 */
record Operation(String worker, int thread, long op, String key, CampaignWorker.Kind kind, long token,
		long innerToken, long start, long end, String outcome, String endState) {

	/** The section's line in a worker's history, as {@link #parse} reads it. */
	String line() {
		return String.join("\t", "OP", this.worker, Integer.toString(this.thread), Long.toString(this.op), this.key,
				this.kind.name(), Long.toString(this.token), Long.toString(this.innerToken), Long.toString(this.start),
				Long.toString(this.end), this.outcome, this.endState);
	}

	static Operation parse(String line) {
		String[] f = line.split("\t", -1);
		return new Operation(f[1], Integer.parseInt(f[2]), Long.parseLong(f[3]), f[4], CampaignWorker.Kind.valueOf(f[5]),
				Long.parseLong(f[6]), Long.parseLong(f[7]), Long.parseLong(f[8]), Long.parseLong(f[9]), f[10], f[11]);
	}

	/** Whether the section ran with a lock. */
	boolean ran() {
		return this.start != 0 && this.end != 0;
	}

	/**
	 * Whether the holder acted as if it held the lock alone and was never told otherwise: it
	 * committed, or read, with its lock still {@code HELD} at the end (in doubt or lost, its
	 * {@code isHeld()} said otherwise, and its listeners were called).
	 */
	boolean actedUntold() {
		if (!ran() || !"HELD".equals(this.endState)) {
			return false;
		}
		for (String part : this.outcome.split("\\+")) {
			try {
				if (GuardedCounter.Outcome.valueOf(part).acted()) {
					return true;
				}
			}
			catch (IllegalArgumentException exception) {
				// an exception: the holder was told
			}
		}
		return false;
	}

	boolean exclusive() {
		return this.kind.outerType() != io.github.distlock.annotation.LockType.READ;
	}

	boolean overlaps(Operation other) {
		return this.start < other.end && other.start < this.end;
	}

	@Override
	public String toString() {
		return this.worker + "/" + this.thread + "#" + this.op + " " + this.kind + " " + this.key + " token=" + this.token
				+ " [" + this.start + ", " + this.end + "] " + this.outcome + " " + this.endState;
	}

}
