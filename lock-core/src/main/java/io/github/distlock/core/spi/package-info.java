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
 * What a lock backend implements: {@link io.github.distlock.core.spi.LockBackend} and
 * {@link io.github.distlock.core.spi.BackendLock}, with the capabilities a backend may have
 * ({@link io.github.distlock.core.spi.RevocableBackend},
 * {@link io.github.distlock.core.spi.OwnerRecordingBackend}) and the rule for fencing tokens
 * ({@link io.github.distlock.core.spi.FencingTokens}). The engine that makes a backend a lock
 * registry is in {@code io.github.distlock.core.engine}.
 * <p>
 * SPI: what a lock backend implements; applications do not need it.
 */
@NullMarked
package io.github.distlock.core.spi;

import org.jspecify.annotations.NullMarked;
