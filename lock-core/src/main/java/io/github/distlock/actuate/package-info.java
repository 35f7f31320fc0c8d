/**
 * The {@code locks} actuator endpoint: the locks this application holds and awaits, and the
 * contenders for a key across all processes.
 */
@NullMarked
package io.github.distlock.actuate;

import org.jspecify.annotations.NullMarked;
