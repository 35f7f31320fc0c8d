/**
 * A real etcd server for tests, run as a separate process.
 */
@NullMarked
package io.github.distlock.test.etcd;

import org.jspecify.annotations.NullMarked;
