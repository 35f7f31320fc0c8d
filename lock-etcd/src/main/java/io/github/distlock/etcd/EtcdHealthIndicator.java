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

package io.github.distlock.etcd;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.options.GetOption;
import io.github.distlock.actuate.LockCountsDetail;
import io.github.distlock.core.LockIntrospection;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * A {@link HealthIndicator} for the etcd cluster that locks go through.
 * <p>
 * {@code UP} when etcd answers a linearizable read of the lock root (which needs a quorum, as
 * every lock operation does) within the timeout and the registry's lease is not in doubt.
 * {@code DOWN} otherwise. The details name the {@code lease} ({@code ALIVE}, {@code IN_DOUBT}
 * when its renewals are late, {@code LOST}, or {@code NONE} before one was granted) and its
 * {@code leaseId}, and give an {@code error} when the read failed or did not answer in time.
 * Given the application's locks, the {@code locks} detail counts those held, waited for and
 * cached.
 * A lost lease with a cluster that answers is {@code UP}: the next acquisition takes a new one.
 * <p>
 * The check writes nothing and is bounded by the timeout even when etcd hangs.
 *
 * @since 0.1.0
 */
public class EtcdHealthIndicator extends AbstractHealthIndicator {

	private final EtcdLockBackend backend;

	private final String checkedKey;

	private final Duration timeout;

	private final @Nullable LockIntrospection locks;

	/**
	 * Creates an indicator.
	 * @param backend the backend whose client is checked and whose lease is reported
	 * @param checkedKey the key read, such as the lock root path
	 * @param timeout how long to wait for etcd's answer
	 */
	public EtcdHealthIndicator(EtcdLockBackend backend, String checkedKey, Duration timeout) {
		this(backend, checkedKey, timeout, null);
	}

	/**
	 * Creates an indicator whose details also count the application's locks
	 * ({@link LockCountsDetail}).
	 * @param backend the backend whose client is checked and whose lease is reported
	 * @param checkedKey the key read, such as the lock root path
	 * @param timeout how long to wait for etcd's answer
	 * @param locks the locks the application holds, awaits and keeps, or {@code null}
	 */
	public EtcdHealthIndicator(EtcdLockBackend backend, String checkedKey, Duration timeout,
			@Nullable LockIntrospection locks) {
		super("etcd health check failed");
		this.locks = locks;
		this.backend = backend;
		this.checkedKey = checkedKey;
		this.timeout = timeout;
	}

	/**
	 * Creates an indicator.
	 * @param registry the registry whose client is checked and whose lease is reported
	 * @param checkedKey the key read, such as the lock root path
	 * @param timeout how long to wait for etcd's answer
	 * @deprecated since 0.1.0 with {@link EtcdLockRegistry}: use
	 * {@link #EtcdHealthIndicator(EtcdLockBackend, String, Duration)}
	 */
	@Deprecated(since = "0.1.0")
	public EtcdHealthIndicator(EtcdLockRegistry registry, String checkedKey, Duration timeout) {
		this(registry.backend(), checkedKey, timeout);
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) throws Exception {
		if (this.locks != null) {
			builder.withDetail(LockCountsDetail.NAME, LockCountsDetail.of(this.locks));
		}
		EtcdSession.Lease lease = this.backend.latestLease();
		builder.withDetail("lease", (lease != null) ? lease.status().name() : "NONE");
		if (lease != null) {
			builder.withDetail("leaseId", Long.toHexString(lease.id()));
		}
		if (lease != null && lease.status() == EtcdSession.Status.IN_DOUBT) {
			builder.down();
			return;
		}
		checkRead(builder);
	}

	private void checkRead(Health.Builder builder) {
		ByteSequence key = ByteSequence.from(this.checkedKey, StandardCharsets.UTF_8);
		long millis = this.timeout.toMillis();
		try {
			this.backend.client()
				.getKVClient()
				.get(key, GetOption.builder().withCountOnly(true).build())
				.get(millis, TimeUnit.MILLISECONDS);
			builder.up();
		}
		catch (TimeoutException ex) {
			builder.down().withDetail("error", "No answer to a read of " + this.checkedKey + " within " + millis + " ms");
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			builder.down().withDetail("error", "Read of " + this.checkedKey + " failed: " + cause.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			builder.down().withDetail("error", "Interrupted while waiting for etcd");
		}
	}

}
