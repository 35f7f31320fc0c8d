package io.github.distlock.core;

import java.time.Instant;

import io.github.distlock.annotation.LockType;

/**
 * A thread of this process waiting for a lock.
 *
 * @param key the lock key
 * @param name the bounded name of the lock
 * @param path the lock path
 * @param type the kind of lock
 * @param since when the wait began
 * @param thread the name of the waiting thread
 */
public record LockWaiter(String key, String name, String path, LockType type, Instant since, String thread) {

}
