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
 * Fencing tokens over HTTP: a client sends the fencing token of each lock it holds in a
 * {@value io.github.distlock.fencing.http.FencingTokenHeader#NAME} header
 * ({@link io.github.distlock.fencing.http.FencingTokenRequestInterceptor} for {@code RestClient}
 * and {@code RestTemplate}, {@link io.github.distlock.fencing.http.FencingTokenExchangeFilter} for
 * {@code WebClient}), and a server refuses with 409 a request whose token for a key is lower than
 * the highest it has accepted ({@link io.github.distlock.fencing.http.FencingTokenFilter} for
 * Spring MVC, {@link io.github.distlock.fencing.http.FencingTokenWebFilter} for WebFlux, over
 * {@link io.github.distlock.fencing.http.FencingTokenHighWaterMarks}).
 * <p>
 * API: what applications call, and {@code FencingTokenHighWaterMarks}, which an application may
 * implement.
 */
@NullMarked
package io.github.distlock.fencing.http;

import org.jspecify.annotations.NullMarked;
