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
 * The Apache Curator implementation of distributed locks on ZooKeeper: the lock backend, the
 * factory of its client and its Actuator health indicator.
 * <p>
 * API of the backend: its public types are what an application builds without the auto-
 * configuration; everything else is package-private.
 */
@NullMarked
package io.github.distlock.zookeeper;

import org.jspecify.annotations.NullMarked;
