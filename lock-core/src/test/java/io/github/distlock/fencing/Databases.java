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

package io.github.distlock.fencing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.junit.jupiter.api.Assumptions;

import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The machine's database servers, which these tests use when they let a client in.
 */
final class Databases {

	private Databases() {
	}

	/**
	 * A data source of a database server, or the test skipped with the reason when no
	 * connection can be opened to it.
	 */
	static DataSource connectable(String database, String url, String user, String password) {
		DriverManager.setLoginTimeout(2);
		try (Connection connection = DriverManager.getConnection(url, user, password)) {
			return new DriverManagerDataSource(url, user, password);
		}
		catch (SQLException ex) {
			Assumptions.abort(database + " at " + url + " cannot be reached (" + ex.getMessage()
					+ "): its fence tests are skipped");
			throw new IllegalStateException(ex);
		}
	}

}
