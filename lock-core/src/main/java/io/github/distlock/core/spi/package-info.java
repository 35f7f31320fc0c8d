/**
 * What a lock backend implements ({@link io.github.distlock.core.spi.LockBackend}) and the
 * engine that makes it a lock registry ({@link io.github.distlock.core.spi.LockEngine}).
 */
@NullMarked
package io.github.distlock.core.spi;

import org.jspecify.annotations.NullMarked;
