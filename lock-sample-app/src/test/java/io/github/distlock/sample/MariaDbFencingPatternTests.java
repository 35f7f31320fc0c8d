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

import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The fencing patterns on MariaDB at 127.0.0.1:3306 (database {@code test}, user root, empty
 * password), when asked: {@code SAMPLE_MARIADB=true} or {@code -Dsample.mariadb=true}.
 */
@EnabledIf(value = "io.github.distlock.sample.MariaDbOversellRaceTests#mariadbRequested",
		disabledReason = "MariaDB fencing test not requested: set SAMPLE_MARIADB=true (or -Dsample.mariadb=true) "
				+ "with MariaDB on 127.0.0.1:3306, database 'test', user root, empty password")
class MariaDbFencingPatternTests extends AbstractFencingPatternTests {

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
	protected void boundLockWaits(Statement statement) throws SQLException {
		statement.execute("SET SESSION innodb_lock_wait_timeout = 20");
	}

}
