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
 * Fencing checked by the resource: a fence per lock key in a JDBC table, claimed with the
 * holder's fencing token inside the holder's transaction ({@link io.github.distlock.fencing.JdbcFences}),
 * and writes to the application's own rows guarded by a fence column
 * ({@link io.github.distlock.fencing.FencedJdbc}). A holder whose lock another process took
 * meanwhile is refused with {@link io.github.distlock.core.FencedOffException}.
 * <p>
 * API: what applications call.
 */
@NullMarked
package io.github.distlock.fencing;

import org.jspecify.annotations.NullMarked;
