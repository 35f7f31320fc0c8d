/**
 * What every lock backend guarantees, as an abstract JUnit suite that each backend's tests extend.
 */
@NullMarked
package io.github.distlock.test.contract;

import org.jspecify.annotations.NullMarked;
