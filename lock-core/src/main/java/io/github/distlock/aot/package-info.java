/**
 * Ahead-of-time processing: the runtime hints of the starter and of beans with locked methods.
 */
@NullMarked
package io.github.distlock.aot;

import org.jspecify.annotations.NullMarked;
