/**
 * Auto-configuration and configuration properties of distributed locking.
 */
@NullMarked
package io.github.distlock.autoconfigure;

import org.jspecify.annotations.NullMarked;
