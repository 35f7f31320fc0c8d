/**
 * The programmatic lock API, the SPI a lock backend implements, and the exception hierarchy.
 */
@NullMarked
package io.github.distlock.core;

import org.jspecify.annotations.NullMarked;
