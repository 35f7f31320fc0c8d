/**
 * An in-memory lock backend with the semantics of the ZooKeeper one, for tests: a service shared
 * by clients, each with its own session.
 */
@NullMarked
package io.github.distlock.test.memory;

import org.jspecify.annotations.NullMarked;
