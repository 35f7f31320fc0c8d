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

package io.github.distlock.fencing.http;

import javax.sql.DataSource;

import io.github.distlock.core.FencedOffException;
import io.github.distlock.fencing.JdbcFences;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabase;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The marks kept in a database table (H2): shared by every instance over the same table, as
 * the instances of a server share them; refusals name the mark; a key the table cannot hold is
 * refused naming it.
 */
class JdbcHighWaterMarksTests {

	private final EmbeddedDatabase database = new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
		.generateUniqueName(true)
		.build();

	@AfterEach
	void shutdown() {
		this.database.shutdown();
	}

	@Test
	void marksAreSharedByInstancesOverTheSameTable() {
		JdbcHighWaterMarks first = marks(this.database);
		first.createTable();
		JdbcHighWaterMarks second = marks(this.database);
		first.accept("orders:7", 100);
		assertThatExceptionOfType(FencedOffException.class).isThrownBy(() -> second.accept("orders:7", 99))
			.satisfies((refused) -> assertThat(refused.getFence()).isEqualTo(100));
		second.accept("orders:7", 100);
		second.accept("orders:7", 150);
		assertThatExceptionOfType(FencedOffException.class).isThrownBy(() -> first.accept("orders:7", 120));
		assertThat(first.mark("orders:7")).hasValue(150);
		assertThat(first.getTable()).isEqualTo(JdbcHighWaterMarks.DEFAULT_TABLE);
	}

	@Test
	void aKeyLongerThanTheTableHoldsIsRefusedNamingIt() {
		JdbcHighWaterMarks marks = marks(this.database);
		marks.createTable();
		assertThatIllegalArgumentException().isThrownBy(() -> marks.accept("k".repeat(600), 1))
			.withMessageContaining("has 600 characters");
	}

	private static JdbcHighWaterMarks marks(DataSource dataSource) {
		return new JdbcHighWaterMarks(new JdbcFences(new JdbcTemplate(dataSource), JdbcHighWaterMarks.DEFAULT_TABLE));
	}

}
