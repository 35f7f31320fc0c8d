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
import java.util.List;

import io.github.distlock.core.engine.LockEngine;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.properties.bind.BindResult;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The engine's one set of options, from the backend-neutral properties
 * ({@code distributed-lock.local-queue.*}, {@code distributed-lock.cache.*},
 * {@code distributed-lock.lock-lost.interrupt-holder}, {@code distributed-lock.lock-lost.pause-tolerance},
 * {@code distributed-lock.revocation.interrupt-holder}). A setting given only under a backend's
 * deprecated key ({@code distributed-lock.zookeeper.local-queue.enabled}, …) is taken from there,
 * with a warning; the neutral key wins when both are set.
 */
final class LockEngineOptions {

	private static final Log logger = LogFactory.getLog(LockEngineOptions.class);

	private static final List<String> DEPRECATED_PREFIXES = List.of("distributed-lock.zookeeper.",
			"distributed-lock.etcd.");

	private static final Duration MIN_PAUSE_TOLERANCE = Duration.ofMillis(100);

	private final Binder binder;

	private LockEngineOptions(Environment environment) {
		this.binder = Binder.get(environment);
	}

	static LockEngine.Options of(DistributedLockProperties properties, Environment environment) {
		LockEngineOptions settings = new LockEngineOptions(environment);
		DistributedLockProperties.LocalQueue localQueue = properties.getLocalQueue();
		boolean queued = settings.value("local-queue.enabled", Boolean.class, localQueue.isEnabled());
		int maxHandoffs = settings.value("local-queue.max-handoffs", Integer.class, localQueue.getMaxHandoffs());
		Duration maxHandoffTime = settings.value("local-queue.max-handoff-time", Duration.class,
				localQueue.getMaxHandoffTime());
		boolean interruptOnLoss = settings.value("lock-lost.interrupt-holder", Boolean.class,
				properties.getLockLost().isInterruptHolder());
		boolean interruptOnRevocation = settings.value("revocation.interrupt-holder", Boolean.class,
				properties.getRevocation().isInterruptHolder());
		DistributedLockProperties.Cache cache = properties.getCache();
		if (cache.isEnabled() && !queued && settings.isSet("cache.enabled")) {
			throw new IllegalStateException("distributed-lock.cache.enabled=true needs the local queue, but "
					+ "distributed-lock.local-queue.enabled is false: a cached lock is taken by the next thread "
					+ "of the local queue");
		}
		Duration pauseTolerance = properties.getLockLost().getPauseTolerance();
		if (pauseTolerance.isNegative() || (!pauseTolerance.isZero() && pauseTolerance.compareTo(MIN_PAUSE_TOLERANCE) < 0)) {
			throw new IllegalStateException("distributed-lock.lock-lost.pause-tolerance must be 0 (off) or at least "
					+ MIN_PAUSE_TOLERANCE.toMillis() + "ms, but was " + pauseTolerance
					+ ": a shorter one would put held locks in doubt whenever a thread is scheduled late");
		}
		// caching is on by default, and off with the local queue unless asked for
		boolean caching = cache.isEnabled() && queued;
		return LockEngine.Options.of(interruptOnLoss, queued)
			.withHandoff(queued ? maxHandoffs : 0, maxHandoffTime)
			.withInterruptOnRevocation(interruptOnRevocation)
			.withPauseTolerance(pauseTolerance)
			.withCaching(caching ? LockEngine.Caching.of(cache.getIdleTime(), cache.getMaxLocks())
					: LockEngine.Caching.OFF);
	}

	private boolean isSet(String name) {
		return this.binder.bind("distributed-lock." + name, Bindable.of(String.class)).isBound();
	}

	/**
	 * The neutral key's value when it is set; else the first deprecated backend key that is
	 * set; else the default.
	 */
	private <T> T value(String name, Class<T> type, T bound) {
		String key = "distributed-lock." + name;
		if (this.binder.bind(key, Bindable.of(type)).isBound()) {
			return bound;
		}
		for (String prefix : DEPRECATED_PREFIXES) {
			String deprecatedKey = prefix + name;
			BindResult<T> deprecated = this.binder.bind(deprecatedKey, Bindable.of(type));
			if (deprecated.isBound()) {
				logger.warn(deprecatedKey + " is deprecated: use " + key + ", which holds for every backend");
				return deprecated.get();
			}
		}
		return bound;
	}

}
