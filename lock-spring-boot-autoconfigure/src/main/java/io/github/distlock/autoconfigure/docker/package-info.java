/**
 * Docker Compose service connections: a {@code zookeeper} service of the application's compose file.
 */
@NullMarked
package io.github.distlock.autoconfigure.docker;

import org.jspecify.annotations.NullMarked;
