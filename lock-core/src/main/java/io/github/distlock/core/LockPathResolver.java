package io.github.distlock.core;

/**
 * Maps a lock key to the lock's path. Different keys must map to different paths.
 */
@FunctionalInterface
public interface LockPathResolver {

	/**
	 * Returns the lock path for a key.
	 * @param key the key, not blank
	 * @return the path
	 * @throws InvalidLockKeyException if the key cannot be mapped
	 */
	String resolve(String key);

}
