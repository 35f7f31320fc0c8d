/**
 * What a lock backend builds on: the state machine every backend's lock handle shares.
 */
@NullMarked
package io.github.distlock.core.spi;

import org.jspecify.annotations.NullMarked;
