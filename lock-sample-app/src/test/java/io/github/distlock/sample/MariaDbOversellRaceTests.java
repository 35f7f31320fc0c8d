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
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The race on MariaDB at 127.0.0.1:3306, database {@code test}, user root with an empty
 * password. Runs only when asked: {@code SAMPLE_MARIADB=true} or {@code -Dsample.mariadb=true}.
 * The schema is created if missing; each test resets its own goods rows first.
 */
@EnabledIf(value = "mariadbRequested",
		disabledReason = "MariaDB race test not requested: set SAMPLE_MARIADB=true (or -Dsample.mariadb=true) "
				+ "with MariaDB on 127.0.0.1:3306, database 'test', user root, empty password")
class MariaDbOversellRaceTests extends AbstractOversellRaceTests {

	private TestingServer zookeeper;

	static boolean mariadbRequested() {
		return "true".equalsIgnoreCase(System.getenv("SAMPLE_MARIADB"))
				|| Boolean.getBoolean("sample.mariadb");
	}

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
		return System.getProperty("sample.mariadb.url", "jdbc:mariadb://127.0.0.1:3306/test");
	}

	@Override
	protected String username() {
		return System.getProperty("sample.mariadb.username", "root");
	}

	@Override
	protected String password() {
		return System.getProperty("sample.mariadb.password", "");
	}

	@Override
	protected List<String> lockArguments() {
		return AppInstances.onZooKeeper(this.zookeeper.getConnectString());
	}

	@Override
	protected long goodsBase() {
		return 2000;
	}

}
