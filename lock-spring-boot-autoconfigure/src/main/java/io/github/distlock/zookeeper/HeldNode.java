package io.github.distlock.zookeeper;

import org.apache.curator.framework.recipes.locks.Lease;
import org.jspecify.annotations.Nullable;

/**
 * The lock node a recipe acquired: its path, its fencing token, and the lease for recipes that
 * release through one.
 */
record HeldNode(String nodePath, long fencingToken, @Nullable Lease lease) {

}
