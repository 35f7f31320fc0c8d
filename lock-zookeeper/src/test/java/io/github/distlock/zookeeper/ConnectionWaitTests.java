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

import java.util.concurrent.atomic.AtomicInteger;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.listen.ListenerManager;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ConnectionWait} on a client that is not connected (never started): it leaves no
 * listener on the client's connection states once cancelled, whichever of the cancellation and
 * the start comes first.
 */
class ConnectionWaitTests {

	private final CuratorFramework client = CuratorFrameworkFactory.newClient("127.0.0.1:1", new RetryOneTime(100));

	private final AtomicInteger runs = new AtomicInteger();

	@AfterEach
	void closeClient() {
		this.client.close();
	}

	@Test
	void aWaitEndedBetweenItsStepAndItsStartLeavesNoListener() {
		int listenersBefore = listeners();
		AcquisitionSteps steps = new AcquisitionSteps();
		ConnectionWait wait = new ConnectionWait(this.client);
		// the event thread makes the wait its step...
		assertThat(steps.await(wait)).isTrue();
		// ...the timer (or a cancellation) ends the acquisition and cancels the wait it was handed...
		assertThat(steps.end((awaited) -> ((ConnectionWait) awaited).cancel())).isTrue();
		// ...and the event thread starts the wait
		wait.start(this.runs::incrementAndGet);
		assertThat(listeners()).as("the listeners of the client's connection states").isEqualTo(listenersBefore);
		assertThat(this.runs).hasValue(0);
	}

	@Test
	void aWaitCancelledAfterItsStartLeavesNoListener() {
		int listenersBefore = listeners();
		ConnectionWait wait = new ConnectionWait(this.client);
		wait.start(this.runs::incrementAndGet);
		assertThat(listeners()).isEqualTo(listenersBefore + 1);
		wait.cancel();
		assertThat(listeners()).isEqualTo(listenersBefore);
		assertThat(this.runs).hasValue(0);
	}

	private int listeners() {
		return ((ListenerManager<?, ?>) this.client.getConnectionStateListenable()).size();
	}

}
