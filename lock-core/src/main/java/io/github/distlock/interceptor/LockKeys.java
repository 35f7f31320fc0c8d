package io.github.distlock.interceptor;

import java.util.List;

/**
 * The keys a {@code @DistributedLock} expression gave for one call: one key, or the elements of
 * the collection or array it evaluated to.
 *
 * @param keys the keys, not blank
 * @param multiple whether the expression gave a collection or an array (even of one element)
 */
record LockKeys(List<String> keys, boolean multiple) {

	static LockKeys single(String key) {
		return new LockKeys(List.of(key), false);
	}

	String single() {
		return this.keys.get(0);
	}

}
