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

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.distlock.fencing.JdbcFences;
import org.h2.tools.Server;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The database that holds the guarded resource: a counter row per key, and a row per committed
 * critical section, written in the same transaction. MariaDB on 127.0.0.1:3306 when it answers
 * (unless {@code CAMPAIGN_DB=h2}), in a database of the run's own, dropped at the end;
 * otherwise an H2 TCP server in this JVM, with its files in the run's directory. Row lock waits are
 * short, so a holder paused inside its transaction delays the next one by seconds, not minutes.
 */
final class CampaignDatabase implements AutoCloseable {

	private static final int LOCK_WAIT_SECONDS = 3;

	/** The fences of the counters' lock keys, claimed through the starter's {@link JdbcFences}. */
	static final String FENCE_TABLE = "campaign_fence";

	private static final String MARIADB = "jdbc:mariadb://127.0.0.1:3306/";

	private static final String MARIADB_USER = "?user=root&password=";

	private final String url;

	private final String name;

	private final Server h2;

	private final String mariaDbDatabase;

	private CampaignDatabase(String url, String name, Server h2, String mariaDbDatabase) {
		this.url = url;
		this.name = name;
		this.h2 = h2;
		this.mariaDbDatabase = mariaDbDatabase;
	}

	/**
	 * Starts the database of one run: its own, so that runs at the same time on one machine
	 * never share tables.
	 * @param dir the run's directory
	 * @param run the run's name, letters and digits
	 */
	static CampaignDatabase start(Path dir, String run) throws SQLException {
		if (!"h2".equalsIgnoreCase(System.getenv("CAMPAIGN_DB")) && mariaDbAnswers()) {
			String name = "distlock_campaign_" + run;
			try (Connection connection = DriverManager.getConnection(MARIADB + "test" + MARIADB_USER);
					Statement statement = connection.createStatement()) {
				statement.execute("DROP DATABASE IF EXISTS " + name);
				statement.execute("CREATE DATABASE " + name);
			}
			return new CampaignDatabase(MARIADB + name + MARIADB_USER, "MariaDB (database " + name + ")", null,
					name);
		}
		Server server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-baseDir", dir.toString()).start();
		return new CampaignDatabase("jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/campaign;MODE=MariaDB;LOCK_TIMEOUT="
				+ (LOCK_WAIT_SECONDS * 1000), "H2 " + org.h2.engine.Constants.VERSION + " (in " + dir + ")", server, null);
	}

	private static boolean mariaDbAnswers() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), 3306), 500);
			return true;
		}
		catch (Exception ex) {
			return false;
		}
	}

	String url() {
		return this.url;
	}

	String name() {
		return this.name;
	}

	/**
	 * A connection for one worker thread: no auto-commit, read committed, short lock waits.
	 */
	static Connection connect(String url) throws SQLException {
		Connection connection = DriverManager.getConnection(url);
		connection.setAutoCommit(false);
		connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
		if (url.startsWith("jdbc:mariadb:")) {
			try (Statement statement = connection.createStatement()) {
				statement.execute("SET SESSION innodb_lock_wait_timeout = " + LOCK_WAIT_SECONDS);
			}
		}
		return connection;
	}

	void createSchema(Collection<String> keys) throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.url);
				Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS campaign_commit");
			statement.execute("DROP TABLE IF EXISTS campaign_counter");
			statement.execute("DROP TABLE IF EXISTS " + FENCE_TABLE);
			statement.execute("DROP TABLE IF EXISTS campaign_job_run");
			statement.execute("CREATE TABLE campaign_job_run (id BIGINT AUTO_INCREMENT PRIMARY KEY, "
					+ "job VARCHAR(100) NOT NULL, period BIGINT NOT NULL, worker VARCHAR(20) NOT NULL, "
					+ "token BIGINT NOT NULL, started BIGINT NOT NULL)");
			statement.execute("CREATE TABLE campaign_counter (k VARCHAR(100) PRIMARY KEY, val BIGINT NOT NULL)");
			statement.execute("CREATE TABLE campaign_commit (id BIGINT AUTO_INCREMENT PRIMARY KEY, "
					+ "k VARCHAR(100) NOT NULL, token BIGINT NOT NULL, worker VARCHAR(20) NOT NULL, op BIGINT NOT NULL)");
			connection.setAutoCommit(false);
			try (PreparedStatement insert = connection
				.prepareStatement("INSERT INTO campaign_counter (k, val) VALUES (?, 0)")) {
				for (String key : keys) {
					insert.setString(1, key);
					insert.addBatch();
				}
				insert.executeBatch();
			}
			connection.commit();
		}
		JdbcFences fences = new JdbcFences(new JdbcTemplate(new DriverManagerDataSource(this.url)), FENCE_TABLE);
		fences.createTable();
		fences.prepare(keys);
	}

	Map<String, Long> counters() throws SQLException {
		Map<String, Long> counters = new LinkedHashMap<>();
		try (Connection connection = DriverManager.getConnection(this.url);
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT k, val FROM campaign_counter ORDER BY k")) {
			while (rows.next()) {
				counters.put(rows.getString(1), rows.getLong(2));
			}
		}
		return counters;
	}

	/**
	 * The committed critical sections, in commit order.
	 */
	List<Commit> commits() throws SQLException {
		List<Commit> commits = new ArrayList<>();
		try (Connection connection = DriverManager.getConnection(this.url);
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT id, k, token, worker, op FROM campaign_commit ORDER BY id")) {
			while (rows.next()) {
				commits.add(new Commit(rows.getLong(1), rows.getString(2), rows.getLong(3), rows.getString(4),
						rows.getLong(5)));
			}
		}
		return commits;
	}

	/**
	 * The committed runs of the scheduled jobs, in commit order.
	 */
	List<JobRun> jobRuns() throws SQLException {
		List<JobRun> runs = new ArrayList<>();
		try (Connection connection = DriverManager.getConnection(this.url);
				Statement statement = connection.createStatement();
				ResultSet rows = statement
					.executeQuery("SELECT job, period, worker, token, started FROM campaign_job_run ORDER BY id")) {
			while (rows.next()) {
				runs.add(new JobRun(rows.getString(1), rows.getLong(2), rows.getString(3), rows.getLong(4),
						rows.getLong(5)));
			}
		}
		return runs;
	}

	@Override
	public void close() throws SQLException {
		if (this.h2 != null) {
			this.h2.stop();
		}
		if (this.mariaDbDatabase != null) {
			try (Connection connection = DriverManager.getConnection(MARIADB + "test" + MARIADB_USER);
					Statement statement = connection.createStatement()) {
				statement.execute("DROP DATABASE IF EXISTS " + this.mariaDbDatabase);
			}
		}
	}

	/**
	 * A committed critical section, as the database recorded it.
	 */
	record Commit(long id, String key, long token, String worker, long op) {
	}

	/**
	 * A committed run of a scheduled job.
	 *
	 * @param job the job's lock key
	 * @param period the period it ran for
	 * @param worker the worker process (id and generation)
	 * @param token the fencing token of the job's lock
	 * @param started when the run began ({@link System#nanoTime()})
	 */
	record JobRun(String job, long period, String worker, long token, long started) {
	}

}
