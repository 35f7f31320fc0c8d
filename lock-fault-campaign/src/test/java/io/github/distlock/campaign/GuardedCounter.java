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

package io.github.distlock.campaign;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockState;
import io.github.distlock.fencing.JdbcFences;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The critical sections of a worker thread on its counter rows, guarded as
 * {@code @DistributedLock(fenced = true)} guards a method: the holder first claims its key's
 * fence with its fencing token through the starter's {@link JdbcFences}, in its transaction
 * (the claim keeps the fence's row locked until the transaction ends, and is refused once a
 * greater token claimed it), then reads and writes the counter, and commits only while its lock
 * is held (what the starter's commit guard does for {@code @Transactional} methods). A refused
 * claim is a stale write the fence kept out: {@link Outcome#CLAIM_REFUSED}.
 */
final class GuardedCounter {

	private final Connection connection;

	private final Random random;

	private final JdbcFences fences;

	GuardedCounter(Connection connection, Random random) {
		this.connection = connection;
		this.random = random;
		// the claims run on this thread's connection, in its open transaction
		this.fences = new JdbcFences(new JdbcTemplate(new SingleConnectionDataSource(connection, true)),
				CampaignDatabase.FENCE_TABLE);
	}

	/**
	 * Adds one to the key's counter under the lock.
	 */
	Outcome increment(String key, AcquiredLock lock, String worker, long op) throws InterruptedException {
		return increment(key, lock.fencingToken(), () -> lock.state() == LockState.HELD, worker, op);
	}

	/**
	 * Adds one to the key's counter with a fencing token, committing only while {@code held}
	 * says the token's holder still holds.
	 * A token that claimed the fence before may claim it again: a leader's term does its work
	 * many times under one epoch.
	 */
	Outcome increment(String key, long token, BooleanSupplier held, String worker, long op)
			throws InterruptedException {
		try {
			if (!claim(key, token)) {
				return rollback(Outcome.CLAIM_REFUSED);
			}
			long value = read(key);
			Thread.sleep(this.random.nextInt(15));
			write(key, value + 1);
			insertCommit(key, token, worker, op);
			if (!held.getAsBoolean()) {
				return rollback(Outcome.ROLLED_BACK_NOT_HELD);
			}
			this.connection.commit();
			return Outcome.COMMITTED;
		}
		catch (SQLException ex) {
			return rollback(Outcome.DB_ERROR);
		}
	}

	/**
	 * Adds one to the counter of every key under its lock, in one transaction: each row claimed
	 * with its key's token, in key order, and committed only while {@code held} says every lock
	 * is still held.
	 * @param tokens the fencing token of each key's lock
	 */
	Outcome incrementAll(Map<String, Long> tokens, BooleanSupplier held, String worker, long op)
			throws InterruptedException {
		try {
			for (Map.Entry<String, Long> key : new TreeMap<>(tokens).entrySet()) {
				if (!claim(key.getKey(), key.getValue())) {
					return rollback(Outcome.CLAIM_REFUSED);
				}
			}
			Thread.sleep(this.random.nextInt(15));
			for (Map.Entry<String, Long> key : new TreeMap<>(tokens).entrySet()) {
				long value = read(key.getKey());
				write(key.getKey(), value + 1);
				insertCommit(key.getKey(), key.getValue(), worker, op);
			}
			if (!held.getAsBoolean()) {
				return rollback(Outcome.ROLLED_BACK_NOT_HELD);
			}
			this.connection.commit();
			return Outcome.COMMITTED;
		}
		catch (SQLException ex) {
			return rollback(Outcome.DB_ERROR);
		}
	}

	/**
	 * One run of a scheduled job: a row of {@code campaign_job_run} for its period and an
	 * increment of the job's counter, claimed with the lock's token, in one transaction
	 * committed only while the lock is held.
	 * @param started when the run began ({@link System#nanoTime()})
	 */
	Outcome runJob(String job, long period, long started, AcquiredLock lock, String worker, long op)
			throws InterruptedException {
		try (PreparedStatement insert = this.connection.prepareStatement(
				"INSERT INTO campaign_job_run (job, period, worker, token, started) VALUES (?, ?, ?, ?, ?)")) {
			insert.setString(1, job);
			insert.setLong(2, period);
			insert.setString(3, worker);
			insert.setLong(4, lock.fencingToken());
			insert.setLong(5, started);
			insert.executeUpdate();
		}
		catch (SQLException ex) {
			return rollback(Outcome.DB_ERROR);
		}
		return increment(job, lock, worker, op);
	}

	/**
	 * Reads the key's counter twice under a READ lock: no writer may commit in between.
	 */
	Outcome readTwice(String key, AcquiredLock lock) throws InterruptedException {
		try {
			long first = read(key);
			this.connection.commit();
			Thread.sleep(this.random.nextInt(15));
			long second = read(key);
			this.connection.commit();
			if (lock.state() != LockState.HELD) {
				return Outcome.READ_NOT_HELD;
			}
			return (first == second) ? Outcome.READ_CLEAN : Outcome.READ_CHANGED;
		}
		catch (SQLException ex) {
			return rollback(Outcome.DB_ERROR);
		}
	}

	private void insertCommit(String key, long token, String worker, long op) throws SQLException {
		try (PreparedStatement insert = this.connection
			.prepareStatement("INSERT INTO campaign_commit (k, token, worker, op) VALUES (?, ?, ?, ?)")) {
			insert.setString(1, key);
			insert.setLong(2, token);
			insert.setString(3, worker);
			insert.setLong(4, op);
			insert.executeUpdate();
		}
	}

	private long read(String key) throws SQLException {
		try (PreparedStatement select = this.connection.prepareStatement("SELECT val FROM campaign_counter WHERE k = ?")) {
			select.setString(1, key);
			try (ResultSet row = select.executeQuery()) {
				row.next();
				return row.getLong(1);
			}
		}
	}

	/**
	 * Claims the key's fence in the open transaction.
	 * @return whether it was claimed; {@code false} if a greater token holds it
	 * @throws SQLException if the database failed
	 */
	private boolean claim(String key, long token) throws SQLException {
		try {
			this.fences.claim(key, token);
			return true;
		}
		catch (FencedOffException refused) {
			return false;
		}
		catch (DataAccessException ex) {
			throw new SQLException("The claim of " + key + "'s fence failed", ex);
		}
	}

	private void write(String key, long value) throws SQLException {
		try (PreparedStatement update = this.connection.prepareStatement("UPDATE campaign_counter SET val = ? WHERE k = ?")) {
			update.setLong(1, value);
			update.setString(2, key);
			update.executeUpdate();
		}
	}

	private Outcome rollback(Outcome outcome) {
		try {
			this.connection.rollback();
		}
		catch (SQLException ex) {
			// the connection is gone: the transaction did not commit
		}
		return outcome;
	}

	/**
	 * How a critical section ended.
	 */
	enum Outcome {

		COMMITTED, CLAIM_REFUSED, FENCED, ROLLED_BACK_NOT_HELD, DB_ERROR, READ_CLEAN, READ_CHANGED, READ_NOT_HELD;

		/** Whether the holder acted as if it held the lock alone. */
		boolean acted() {
			return this == COMMITTED || this == READ_CLEAN || this == READ_CHANGED;
		}

	}

}
