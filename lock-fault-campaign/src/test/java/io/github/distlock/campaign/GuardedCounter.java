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
import io.github.distlock.core.LockState;

/**
 * The critical sections of a worker thread on its counter rows, guarded the way the README
 * teaches: the holder first claims the row with its fencing token, then reads and writes only
 * while the row is still claimed by that token, and commits only while its lock is held (what
 * the starter's commit guard does for {@code @Transactional} methods).
 */
final class GuardedCounter {

	private final Connection connection;

	private final Random random;

	GuardedCounter(Connection connection, Random random) {
		this.connection = connection;
		this.random = random;
	}

	/**
	 * Adds one to the key's counter under the lock.
	 */
	Outcome increment(String key, AcquiredLock lock, String worker, long op) throws InterruptedException {
		return increment(key, lock.fencingToken(), false, () -> lock.state() == LockState.HELD, worker, op);
	}

	/**
	 * Adds one to the key's counter with a fencing token, committing only while {@code held}
	 * says the token's holder still holds.
	 * @param again whether a token that claimed the row before may claim it again: a leader's
	 * term does its work many times under one epoch
	 */
	Outcome increment(String key, long token, boolean again, BooleanSupplier held, String worker, long op)
			throws InterruptedException {
		try {
			String claim = "UPDATE campaign_counter SET fence = ? WHERE k = ? AND fence " + (again ? "<=" : "<") + " ?";
			if (update(claim, token, key, token) == 0) {
				return rollback(Outcome.CLAIM_REFUSED);
			}
			long value = read(key);
			Thread.sleep(this.random.nextInt(15));
			if (update("UPDATE campaign_counter SET val = ? WHERE k = ? AND fence = ?", value + 1, key, token) == 0) {
				return rollback(Outcome.FENCED);
			}
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
				if (update("UPDATE campaign_counter SET fence = ? WHERE k = ? AND fence < ?", key.getValue(), key.getKey(),
						key.getValue()) == 0) {
					return rollback(Outcome.CLAIM_REFUSED);
				}
			}
			Thread.sleep(this.random.nextInt(15));
			for (Map.Entry<String, Long> key : new TreeMap<>(tokens).entrySet()) {
				long value = read(key.getKey());
				if (update("UPDATE campaign_counter SET val = ? WHERE k = ? AND fence = ?", value + 1, key.getKey(),
						key.getValue()) == 0) {
					return rollback(Outcome.FENCED);
				}
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

	private int update(String sql, long first, String key, long third) throws SQLException {
		try (PreparedStatement update = this.connection.prepareStatement(sql)) {
			update.setLong(1, first);
			update.setString(2, key);
			update.setLong(3, third);
			return update.executeUpdate();
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
