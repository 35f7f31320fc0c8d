/**
 * Testing an application that uses the starter against a real ZooKeeper:
 * {@link io.github.distlock.boot.test.AutoConfigureEmbeddedZooKeeper} and
 * {@link io.github.distlock.boot.test.ZooKeeperTestServer}.
 */
@NullMarked
package io.github.distlock.boot.test;

import org.jspecify.annotations.NullMarked;
