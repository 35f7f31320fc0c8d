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
