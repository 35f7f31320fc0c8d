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

package io.github.distlock.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * The leader elections' auto-configuration under its old name: imports
 * {@link io.github.distlock.autoconfigure.leader.LeaderElectionAutoConfiguration}, and is
 * ordered just before it, so that {@code @ImportAutoConfiguration} of this class still works.
 * Not an auto-configuration candidate itself; Spring Boot maps this name to the new one in
 * {@code spring.autoconfigure.exclude}, in {@code after} and {@code before}, and in
 * {@code AutoConfigurations.of(...)}.
 *
 * @since 0.1.0
 * @deprecated since 0.1.0: auto-configuration is grouped by technology; use
 * {@link io.github.distlock.autoconfigure.leader.LeaderElectionAutoConfiguration}
 */
@Deprecated(since = "0.1.0")
@AutoConfiguration(before = io.github.distlock.autoconfigure.leader.LeaderElectionAutoConfiguration.class,
		after = DistributedLockAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@Import(io.github.distlock.autoconfigure.leader.LeaderElectionAutoConfiguration.class)
public final class LeaderElectionAutoConfiguration {

}
