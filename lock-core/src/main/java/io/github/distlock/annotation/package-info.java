/**
 * The {@code @DistributedLock} annotation and its attribute types.
 */
@NullMarked
package io.github.distlock.annotation;

import org.jspecify.annotations.NullMarked;
