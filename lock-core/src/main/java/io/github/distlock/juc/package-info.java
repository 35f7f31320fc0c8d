/**
 * Distributed locks as {@link java.util.concurrent.locks.Lock}s, for code written against
 * {@code java.util.concurrent}, and through it Spring Integration's {@code LockRegistry}.
 */
@NullMarked
package io.github.distlock.juc;

import org.jspecify.annotations.NullMarked;
