/**
 * The AOP side of {@code @DistributedLock}: operation source, key expressions, pointcut,
 * advisor and interceptor.
 */
@NullMarked
package io.github.distlock.interceptor;

import org.jspecify.annotations.NullMarked;
