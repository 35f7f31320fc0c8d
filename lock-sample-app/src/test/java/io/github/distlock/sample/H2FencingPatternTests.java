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

/**
 * The fencing patterns on H2.
 */
class H2FencingPatternTests extends AbstractFencingPatternTests {

	@Override
	protected String jdbcUrl() {
		return "jdbc:h2:mem:fencing-pattern;DB_CLOSE_DELAY=-1";
	}

	@Override
	protected String username() {
		return "sa";
	}

	@Override
	protected String password() {
		return "";
	}

	@Override
	protected void boundLockWaits(Statement statement) throws SQLException {
		statement.execute("SET LOCK_TIMEOUT 20000");
	}

}
