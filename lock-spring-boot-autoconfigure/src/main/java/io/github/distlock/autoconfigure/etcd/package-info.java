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
 * Auto-configuration of the etcd lock backend: the jetcd client, the backend and its start-up
 * check, and the health indicator, with their configuration properties
 * ({@code distributed-lock.etcd.*}).
 * <p>
 * Auto-configuration: applications configure it through its properties and replace its beans; the
 * classes are not API.
 */
@NullMarked
package io.github.distlock.autoconfigure.etcd;

import org.jspecify.annotations.NullMarked;
