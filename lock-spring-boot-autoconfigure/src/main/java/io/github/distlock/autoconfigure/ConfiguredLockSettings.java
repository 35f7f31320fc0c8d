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

import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

import io.github.distlock.autoconfigure.DistributedLockProperties.NamedLock;
import io.github.distlock.interceptor.NamedLockSettings;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.util.function.SingletonSupplier;

/**
 * The settings of named locks, {@code distributed-lock.locks.<name>.*}, bound from the
 * environment once, when the first annotated bean asks: the lock operation source is
 * infrastructure made before the properties beans.
 */
final class ConfiguredLockSettings implements Function<String, NamedLockSettings> {

	private final SingletonSupplier<Map<String, NamedLock>> locks;

	private final SingletonSupplier<Duration> defaultMaxHold;

	ConfiguredLockSettings(Environment environment) {
		this.locks = SingletonSupplier.of(() -> Binder.get(environment)
			.bind("distributed-lock.locks", Bindable.mapOf(String.class, NamedLock.class))
			.orElse(Map.of()));
		this.defaultMaxHold = SingletonSupplier.of(() -> {
			Duration configured = Binder.get(environment)
				.bind("distributed-lock.default-max-hold", Duration.class)
				.orElse(Duration.ZERO);
			if (configured.isNegative()) {
				throw new IllegalStateException(
						"distributed-lock.default-max-hold must not be negative, but is " + configured);
			}
			return configured;
		});
	}

	/** {@code distributed-lock.default-max-hold}, or zero when unset. */
	Duration defaultMaxHold() {
		return this.defaultMaxHold.obtain();
	}

	@Override
	public NamedLockSettings apply(String name) {
		NamedLock lock = this.locks.obtain().get(name);
		return (lock != null) ? lock.toSettings() : NamedLockSettings.NONE;
	}

}
