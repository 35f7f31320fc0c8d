/**
 * Integration of distributed locks with Spring transactions.
 */
@NullMarked
package io.github.distlock.transaction;

import org.jspecify.annotations.NullMarked;
