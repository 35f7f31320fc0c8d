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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.distlock.core.FencedOffException;
import io.github.distlock.fencing.JdbcFences;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The marks kept in a database table, for each database a subclass names: shared by every
 * instance over the same table, as the instances of a server share them; refusals name the
 * mark; concurrent first tokens of a new key leave the greatest as the mark and refuse each
 * lower one that came after a greater; a key the table cannot hold is refused naming it.
 */
public abstract class JdbcHighWaterMarksContractTests {

	private static final String TABLE = "test_http_fence";

	private DataSource dataSource;

	/**
	 * The database under test, or the test skipped when it cannot be reached.
	 * @return the data source
	 */
	protected abstract DataSource dataSource();

	@BeforeEach
	void emptyTable() {
		this.dataSource = dataSource();
		new JdbcTemplate(this.dataSource).execute("DROP TABLE IF EXISTS " + TABLE);
		marks().createTable();
	}

	@Test
	void marksAreSharedByInstancesOverTheSameTable() {
		JdbcHighWaterMarks first = marks();
		JdbcHighWaterMarks second = marks();
		first.accept("orders:7", 100);
		assertThatExceptionOfType(FencedOffException.class).isThrownBy(() -> second.accept("orders:7", 99))
			.satisfies((refused) -> {
				assertThat(refused.getKey()).isEqualTo("orders:7");
				assertThat(refused.getToken()).isEqualTo(99);
				assertThat(refused.getFence()).isEqualTo(100);
			});
		second.accept("orders:7", 100);
		second.accept("orders:7", 150);
		assertThatExceptionOfType(FencedOffException.class).isThrownBy(() -> first.accept("orders:7", 120));
		assertThat(first.mark("orders:7")).hasValue(150);
		assertThat(first.mark("orders:8")).isEmpty();
	}

	@Test
	void concurrentFirstTokensOfANewKeyLeaveTheGreatestAsTheMark() throws Exception {
		int callers = 6;
		CountDownLatch start = new CountDownLatch(1);
		List<CompletableFuture<Boolean>> accepted = new ArrayList<>();
		for (int i = 1; i <= callers; i++) {
			long token = i * 10L;
			JdbcHighWaterMarks marks = marks();
			accepted.add(CompletableFuture.supplyAsync(() -> {
				await(start);
				try {
					marks.accept("race", token);
					return true;
				}
				catch (FencedOffException refused) {
					assertThat(refused.getFence()).isGreaterThan(token);
					return false;
				}
			}));
		}
		start.countDown();
		CompletableFuture.allOf(accepted.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
		assertThat(marks().mark("race")).hasValue(callers * 10L);
		assertThat(accepted.get(callers - 1).get()).as("the greatest token").isTrue();
		assertThat(new JdbcTemplate(this.dataSource).queryForObject("SELECT COUNT(*) FROM " + TABLE, Integer.class))
			.as("one row for the key")
			.isOne();
	}

	@Test
	void aForgottenMarkAcceptsAnyTokenAgain() {
		JdbcHighWaterMarks marks = marks();
		marks.accept("reset", 500);
		marks.forget("reset");
		assertThat(marks.mark("reset")).isEmpty();
		marks.accept("reset", 3);
		assertThat(marks().mark("reset")).hasValue(3);
		assertThatExceptionOfType(FencedOffException.class).isThrownBy(() -> marks.accept("reset", 2));
	}

	@Test
	void aKeyLongerThanTheTableHoldsIsRefusedNamingIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> marks().accept("k".repeat(600), 1))
			.withMessageContaining("has 600 characters");
	}

	private JdbcHighWaterMarks marks() {
		return new JdbcHighWaterMarks(new JdbcFences(new JdbcTemplate(this.dataSource), TABLE));
	}

	private static void await(CountDownLatch start) {
		try {
			start.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
