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
 * The sample's second service, shipping: the shop's purchase asks it to ship each order from
 * inside its lock, with the lock's fencing token in a {@code Lock-Fencing-Token} header, and the
 * starter's fencing filter refuses (409) a call whose token is lower than the highest it took
 * for the lock's key: a buyer whose lock was lost while it paused cannot ship past a newer one.
 */
@NullMarked
package io.github.distlock.sample.shipping;

import org.jspecify.annotations.NullMarked;
