/**
 * Micrometer Observation of distributed locks, for tracing.
 */
@NullMarked
package io.github.distlock.observation;

import org.jspecify.annotations.NullMarked;
