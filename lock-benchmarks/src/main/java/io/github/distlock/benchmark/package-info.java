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
 * Benchmarks of the starter beside raw Curator against a ZooKeeper server process (and beside
 * etcd's lock service against an etcd process), with Redisson's lock on the machine's Redis as a
 * peer: acquire and release cycles per implementation and scenario, and a memory check over many
 * distinct keys.
 */
@NullMarked
package io.github.distlock.benchmark;

import org.jspecify.annotations.NullMarked;
