/**
 * Testcontainers service connections: {@code @ServiceConnection} on a ZooKeeper container.
 */
@NullMarked
package io.github.distlock.autoconfigure.testcontainers;

import org.jspecify.annotations.NullMarked;
