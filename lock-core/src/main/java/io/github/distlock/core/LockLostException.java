package io.github.distlock.core;

/**
 * Thrown when the work guarded by a lock finished after the lock was lost (its session
 * or lease expired, or the connection was lost): another process may have run at the same time.
 */
public class LockLostException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	private final String key;

	private final String path;

	public LockLostException(String key, String path) {
		super("Lock '" + key + "' (" + path + ") was lost while it was held");
		this.key = key;
		this.path = path;
	}

	public LockLostException(String key, String path, String consequence) {
		super("Lock '" + key + "' (" + path + ") was lost while it was held: " + consequence);
		this.key = key;
		this.path = path;
	}

	/**
	 * The key of the lock.
	 * @return the key
	 */
	public String getKey() {
		return this.key;
	}

	/**
	 * The lock path.
	 * @return the path
	 */
	public String getPath() {
		return this.path;
	}

}
