package io.github.distlock.core.spi;

import io.github.distlock.annotation.LockType;

/**
 * The separate locks a key has: one per kind, where {@code READ} and {@code WRITE} are one.
 */
enum LockKind {

	MUTEX, SEMAPHORE_MUTEX, READ_WRITE;

	static LockKind of(LockType type) {
		return switch (type) {
			case MUTEX -> MUTEX;
			case SEMAPHORE_MUTEX -> SEMAPHORE_MUTEX;
			case READ, WRITE -> READ_WRITE;
		};
	}

}
