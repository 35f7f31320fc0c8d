/**
 * Leader election on the lock backend: {@link io.github.distlock.leader.LeaderElection}, the
 * {@link io.github.distlock.leader.Leadership} and its epoch, and what listens to it.
 */
@NullMarked
package io.github.distlock.leader;

import org.jspecify.annotations.NullMarked;
