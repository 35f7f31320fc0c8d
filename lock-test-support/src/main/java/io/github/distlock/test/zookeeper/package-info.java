/*
 * SPDX-License-Identifier: Apache-2.0
 * Copyright 2026 the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/**
 * Real ZooKeeper servers for tests: one in-process server per test class
 * ({@link io.github.distlock.test.zookeeper.ZooKeeperServerExtension}, which needs
 * {@code curator-test} on the test class path), servers and ensembles in JVMs of their own
 * ({@link io.github.distlock.test.zookeeper.ZooKeeperProcesses}, which needs the
 * {@code org.apache.zookeeper:zookeeper} jar), a TCP proxy that freezes or cuts a client's
 * connection, and helpers to connect, expire a session and read what the server holds.
 * <p>
 * Test support: API for this project's tests and for tests of backends.
 */
@NullMarked
package io.github.distlock.test.zookeeper;

import org.jspecify.annotations.NullMarked;
