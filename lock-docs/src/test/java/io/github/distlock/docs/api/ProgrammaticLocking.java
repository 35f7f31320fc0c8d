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
package io.github.distlock.docs.api;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.MultiLockHandle;
import io.github.distlock.core.MultiLockRequest;

/**
 * The programmatic API: {@code LockOperations} and {@code LockRegistry}, as beans of the starter.
 */
class ProgrammaticLocking {

	private final LockOperations locks;

	private final LockRegistry registry;

	ProgrammaticLocking(LockOperations locks, LockRegistry registry) {
		this.locks = locks;
		this.registry = registry;
	}

	Order purchaseOne(long goodsNo) {
		// tag::execute[]
		Order order = locks.execute("stock:" + goodsNo, Duration.ofSeconds(3), () -> purchase(goodsNo));
		Report report = locks.execute("report", Duration.ZERO, LockType.WRITE, () -> rebuild());
		// end::execute[]
		return order;
	}

	void export(Path file) throws IOException {
		// tag::acquire[]
		try (LockHandle lock = locks.acquire("export", Duration.ofSeconds(5))) {
			write(file, lock.fencingToken());      // checked exceptions are fine here
		}
		// end::acquire[]
	}

	Order purchaseAs(long goodsNo, String checkout) {
		// tag::request[]
		LockRequest request = new LockRequest("stock:" + goodsNo, LockType.MUTEX, Duration.ofSeconds(3), "purchase")
			.withRevocable(true)
			.withOwner(checkout);
		Order order = locks.execute(request, () -> purchase(goodsNo));
		// end::request[]
		return order;
	}

	void nightlyReport() {
		// tag::hold-at-least[]
		LockRequest nightly = new LockRequest("nightly-report", LockType.SEMAPHORE_MUTEX, Duration.ZERO, "nightlyReport")
			.withHoldAtLeast(Duration.ofMinutes(1));
		try (LockHandle lock = locks.acquire(nightly)) {
			rebuild();
		}   // held on until a minute after its acquisition, then released in the background
		// end::hold-at-least[]
	}

	Optional<String> holderOf(long goodsNo) {
		// tag::owner-of[]
		Optional<String> holder = registry.ownerOf("stock:" + goodsNo, LockType.MUTEX);   // any process's holder
		// end::owner-of[]
		return holder;
	}

	Receipt move(long from, long to, BigDecimal amount) {
		// tag::execute-all[]
		Receipt receipt = locks.executeAll(List.of("account:" + from, "account:" + to), Duration.ofSeconds(3),
				() -> transfer(from, to, amount));
		// end::execute-all[]
		return receipt;
	}

	void moveByHand(long from, long to, BigDecimal amount) {
		// tag::acquire-all[]
		MultiLockRequest request = new MultiLockRequest(List.of("account:" + from, "account:" + to), LockType.MUTEX,
				Duration.ofSeconds(3), "transfer");
		try (MultiLockHandle held = locks.acquireAll(request)) {      // taken in ascending key order
			book(transfer(from, to, amount), held.fencingToken("account:" + from));
		}                                                             // released in reverse order
		// end::acquire-all[]
	}

	// tag::context[]
	Order purchase(long goodsNo) {
		AcquiredLock lock = LockContext.current();     // the innermost lock this thread holds, or null
		return save(goodsNo, lock.fencingToken());
	}
	// end::context[]

	private Report rebuild() {
		return new Report("report", 0);
	}

	private void write(Path file, long fencingToken) throws IOException {
		Files.writeString(file, Long.toString(fencingToken));
	}

	private Receipt transfer(long from, long to, BigDecimal amount) {
		return new Receipt(from, to, amount);
	}

	private void book(Receipt receipt, long fencingToken) {
	}

	private Order save(long goodsNo, long fencingToken) {
		return new Order(1, goodsNo, fencingToken);
	}

	/**
	 * A stand-in for a transfer's receipt.
	 *
	 * @param from the account debited
	 * @param to the account credited
	 * @param amount how much
	 */
	record Receipt(long from, long to, BigDecimal amount) {

	}

}
