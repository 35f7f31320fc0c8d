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
package io.github.distlock.docs.guarantees;

import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.spi.LockBackend;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A lock registry of the application's own, which tells the application's listeners.
 */
@Configuration(proxyBeanMethods = false)
class OwnRegistryConfiguration {

	// tag::registry[]
	@Bean
	LockEngine lockRegistry(LockBackend backend, ObjectProvider<LockListener> listeners) {
		return new LockEngine(backend, new CompositeLockListener(listeners.orderedStream().toList()),
				LockEngine.Options.STANDARD);
	}
	// end::registry[]

}
