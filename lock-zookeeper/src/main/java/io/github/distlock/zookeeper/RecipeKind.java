package io.github.distlock.zookeeper;

import io.github.distlock.annotation.LockType;

/**
 * The kind of Curator recipe that serves a lock type: READ and WRITE share one.
 */
enum RecipeKind {

	MUTEX, SEMAPHORE_MUTEX, READ_WRITE;

	/** A lock type this kind serves. */
	LockType anyType() {
		return switch (this) {
			case MUTEX -> LockType.MUTEX;
			case SEMAPHORE_MUTEX -> LockType.SEMAPHORE_MUTEX;
			case READ_WRITE -> LockType.WRITE;
		};
	}

	static RecipeKind of(LockType type) {
		return switch (type) {
			case MUTEX -> MUTEX;
			case SEMAPHORE_MUTEX -> SEMAPHORE_MUTEX;
			case READ, WRITE -> READ_WRITE;
		};
	}

}
