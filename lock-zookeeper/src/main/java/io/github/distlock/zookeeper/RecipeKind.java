package io.github.distlock.zookeeper;

import io.github.distlock.annotation.LockType;

/**
 * The kind of Curator recipe that serves a lock type: READ and WRITE share one.
 */
enum RecipeKind {

	MUTEX, SEMAPHORE_MUTEX, READ_WRITE;

	static RecipeKind of(LockType type) {
		return switch (type) {
			case MUTEX -> MUTEX;
			case SEMAPHORE_MUTEX -> SEMAPHORE_MUTEX;
			case READ, WRITE -> READ_WRITE;
		};
	}

}
