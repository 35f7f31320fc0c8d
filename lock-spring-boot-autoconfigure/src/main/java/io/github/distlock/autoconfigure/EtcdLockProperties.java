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
 * The etcd lock backend's configuration properties under their old name. The auto-configured
 * properties bean is still an instance of this class for now, so that an application injecting
 * them by this type gets them; their keys are unchanged.
 *
 * @since 0.1.0
 * @deprecated since 0.1.0: auto-configuration is grouped by technology; use
 * {@link io.github.distlock.autoconfigure.etcd.EtcdLockProperties}, which this class is
 */
@Deprecated(since = "0.1.0")
public class EtcdLockProperties extends io.github.distlock.autoconfigure.etcd.EtcdLockProperties {

}
