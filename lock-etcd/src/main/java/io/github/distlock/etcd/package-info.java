/**
 * The etcd lock backend, on jetcd.
 */
@NullMarked
package io.github.distlock.etcd;

import org.jspecify.annotations.NullMarked;
