/**
 * Benchmarks of the starter beside raw Curator against a ZooKeeper server process: acquire and
 * release cycles per implementation and scenario, and a memory check over many distinct keys.
 */
@NullMarked
package io.github.distlock.benchmark;

import org.jspecify.annotations.NullMarked;
