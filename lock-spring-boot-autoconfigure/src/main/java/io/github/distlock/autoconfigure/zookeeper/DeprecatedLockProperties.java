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

package io.github.distlock.autoconfigure.zookeeper;

import java.time.Duration;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Keys that moved under {@code distributed-lock.zookeeper}, still honoured for one release: a
 * value given only under the old key is carried over, with a warning; a value under the new
 * key wins. The IDE metadata marks the old keys deprecated.
 */
final class DeprecatedLockProperties {

	private static final Log logger = LogFactory.getLog(DeprecatedLockProperties.class);

	private DeprecatedLockProperties() {
	}

	/**
	 * Fills in the properties from the old keys that are set while their new keys are not.
	 * @return the given properties
	 */
	static <P extends ZooKeeperLockProperties> P carryOver(Environment environment, P properties) {
		Binder binder = Binder.get(environment);
		carry(binder, "distributed-lock.root-path", "distributed-lock.zookeeper.root-path", String.class,
				properties::setRootPath);
		carry(binder, "management.health.zookeeper.timeout", "distributed-lock.zookeeper.health.timeout",
				Duration.class, properties.getHealth()::setTimeout);
		return properties;
	}

	private static <T> void carry(Binder binder, String oldKey, String newKey, Class<T> type, Consumer<T> setter) {
		binder.bind(oldKey, Bindable.of(type)).ifBound((value) -> {
			if (binder.bind(newKey, Bindable.of(type)).isBound()) {
				logger.warn(oldKey + " is deprecated and ignored, because " + newKey + " is set too");
				return;
			}
			logger.warn(oldKey + " is deprecated: use " + newKey);
			setter.accept(value);
		});
	}

}
