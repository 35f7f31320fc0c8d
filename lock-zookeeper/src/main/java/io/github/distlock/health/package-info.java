/**
 * Actuator health of the ZooKeeper connection behind distributed locks.
 */
@NullMarked
package io.github.distlock.health;

import org.jspecify.annotations.NullMarked;
