/**
 * Micrometer metrics of distributed locks: waits, holds, losses and applied failure policies.
 */
@NullMarked
package io.github.distlock.metrics;

import org.jspecify.annotations.NullMarked;
