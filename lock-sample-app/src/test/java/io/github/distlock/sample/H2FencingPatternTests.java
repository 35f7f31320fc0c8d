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
