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
package io.github.distlock.docs.backends;

import java.time.Duration;

import io.github.distlock.boot.test.AutoConfigureEmbeddedZooKeeper;
import io.github.distlock.boot.test.ZooKeeperTestServer;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockState;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A test of an application's lock-loss handling on a real ZooKeeper, as the guide shows it:
 * compiled, not run (this module runs only the checks of the pages, and names no application).
 */
// tag::test[]
@SpringBootTest
@AutoConfigureEmbeddedZooKeeper
class ReportJobTests {

	@Autowired ZooKeeperTestServer zookeeper;
	@Autowired LockOperations locks;

	@Test
	void lockIsLostWhenTheSessionEnds() {
		try (LockHandle held = locks.acquire("export", Duration.ofSeconds(5))) {
			zookeeper.expireSession();
			ZooKeeperTestServer.awaitState(held, LockState.LOST, Duration.ofSeconds(30));
		}
	}

}
// end::test[]
