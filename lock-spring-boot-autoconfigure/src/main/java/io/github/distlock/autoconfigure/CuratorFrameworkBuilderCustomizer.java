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

/**
 * Customizes the builder of the auto-configured Curator client, under the old name of the type.
 * A bean of this type is one of the new type, and applies in its {@code @Order} among them.
 *
 * @since 0.1.0
 * @deprecated since 0.1.0: auto-configuration is grouped by technology; use
 * {@link io.github.distlock.autoconfigure.zookeeper.CuratorFrameworkBuilderCustomizer}
 */
@Deprecated(since = "0.1.0")
@FunctionalInterface
public interface CuratorFrameworkBuilderCustomizer
		extends io.github.distlock.autoconfigure.zookeeper.CuratorFrameworkBuilderCustomizer {

}
