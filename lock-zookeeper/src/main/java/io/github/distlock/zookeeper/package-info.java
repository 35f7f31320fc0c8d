/**
 * The Apache Curator implementation of distributed locks on ZooKeeper.
 */
@NullMarked
package io.github.distlock.zookeeper;

import org.jspecify.annotations.NullMarked;
