/**
 * The race page: a race started from the browser, watched as it runs.
 */
@NullMarked
package io.github.distlock.sample.race;

import org.jspecify.annotations.NullMarked;
