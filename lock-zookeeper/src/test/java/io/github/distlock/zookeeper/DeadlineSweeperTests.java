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

package io.github.distlock.zookeeper;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class DeadlineSweeperTests {

	private final DeadlineSweeper sweeper = new DeadlineSweeper();

	@AfterEach
	void close() {
		this.sweeper.close();
	}

	@Test
	void dueDeadlineInterruptsTheCallAndClosingClearsTheInterrupt() {
		CuratorCallDeadline deadline = this.sweeper.arm(0);
		assertThatExceptionOfType(InterruptedException.class).isThrownBy(() -> Thread.sleep(30_000));
		deadline.close();
		assertThat(deadline.expired()).isTrue();
		assertThat(Thread.currentThread().isInterrupted()).isFalse();
	}

	/**
	 * Curator catches an interrupt in places and goes on with a call that may wait again, such
	 * as the guaranteed delete of a node it gives up: a due deadline interrupts until it is
	 * closed.
	 */
	@Test
	void dueDeadlineInterruptsAgainACallThatSwallowedTheInterrupt() {
		CuratorCallDeadline deadline = this.sweeper.arm(0);
		assertThatExceptionOfType(InterruptedException.class).isThrownBy(() -> Thread.sleep(30_000));
		assertThat(Thread.currentThread().isInterrupted()).isFalse();
		assertThatExceptionOfType(InterruptedException.class).isThrownBy(() -> Thread.sleep(30_000));
		deadline.close();
		assertThat(Thread.currentThread().isInterrupted()).isFalse();
	}

	@Test
	void closedDeadlineNeverInterrupts() throws InterruptedException {
		this.sweeper.arm(TimeUnit.MILLISECONDS.toNanos(50)).close();
		Thread.sleep(400);
		assertThat(Thread.currentThread().isInterrupted()).isFalse();
	}

	@Test
	void anEarlierDeadlineIsNotHeldUpByALaterOne() throws Exception {
		CuratorCallDeadline later = this.sweeper.arm(TimeUnit.HOURS.toNanos(1));
		CompletableFuture<Boolean> interrupted = CompletableFuture.supplyAsync(() -> {
			try (CuratorCallDeadline deadline = this.sweeper.arm(0)) {
				Thread.sleep(30_000);
				return false;
			}
			catch (InterruptedException ex) {
				return true;
			}
		});
		assertThat(interrupted.get(20, TimeUnit.SECONDS)).isTrue();
		later.close();
		assertThat(later.expired()).isFalse();
	}

	@Test
	void deadlinesKeepFiringAfterOthersWereDisarmed() {
		for (int i = 0; i < 3; i++) {
			this.sweeper.arm(TimeUnit.MILLISECONDS.toNanos(50)).close();
			CuratorCallDeadline deadline = this.sweeper.arm(0);
			assertThatExceptionOfType(InterruptedException.class).isThrownBy(() -> Thread.sleep(30_000));
			deadline.close();
		}
	}

}
