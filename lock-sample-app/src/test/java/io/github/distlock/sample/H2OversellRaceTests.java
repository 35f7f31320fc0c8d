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

package io.github.distlock.sample;

import java.util.List;

import org.apache.curator.test.TestingServer;

/**
 * The race on one shared in-memory H2 database (one URL, three connection pools) and one
 * ZooKeeper test server.
 */
class H2OversellRaceTests extends AbstractOversellRaceTests {

	private TestingServer zookeeper;

	@Override
	protected void startInfrastructure() throws Exception {
		this.zookeeper = new TestingServer(true);
	}

	@Override
	protected void stopInfrastructure() throws Exception {
		if (this.zookeeper != null) {
			this.zookeeper.close();
		}
	}

	@Override
	protected String jdbcUrl() {
		return "jdbc:h2:mem:oversell-race;DB_CLOSE_DELAY=-1";
	}

	@Override
	protected List<String> lockArguments() {
		return AppInstances.onZooKeeper(this.zookeeper.getConnectString());
	}

	@Override
	protected long goodsBase() {
		return 1000;
	}

}
