package io.github.distlock.fault;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import io.github.distlock.ZooKeeperServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.ZooKeeperTestSupport.ephemeralNodesUnder;
import static io.github.distlock.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A holder's ZooKeeper session expired on purpose, as a long GC pause or a partition would.
 */
class SessionExpiryFaultTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework holderClient;

	private CuratorFramework otherClient;

	private RecordingLockListener listener;

	private ZookeeperLockRegistry other;

	@BeforeEach
	void connect() throws Exception {
		this.holderClient = connectedClient(zookeeper.connectString());
		this.otherClient = connectedClient(zookeeper.connectString());
		this.listener = new RecordingLockListener();
		this.other = new ZookeeperLockRegistry(this.otherClient, new ZnodeLockPathResolver("/Locks"));
	}

	@AfterEach
	void disconnect() {
		this.other.close();
		this.holderClient.close();
		this.otherClient.close();
	}

	private ZookeeperLockRegistry holder(boolean interruptOnLoss) {
		return new ZookeeperLockRegistry(this.holderClient, new ZnodeLockPathResolver("/Locks"), this.listener,
				new ZookeeperLockRegistry.Options(interruptOnLoss, true, 8, Duration.ofMillis(100)));
	}

	private static LockRequest request(String key) {
		return new LockRequest(key, LockType.MUTEX, Duration.ofSeconds(10), "fault");
	}

	@Test
	void holderIsToldAndItsThreadInterruptedWhenConfigured() throws Exception {
		try (ZookeeperLockRegistry holder = holder(true)) {
			CountDownLatch holding = new CountDownLatch(1);
			AtomicReference<LockState> stateWhenInterrupted = new AtomicReference<>();
			Thread worker = new Thread(() -> {
				LockHandle lock = holder.acquire(request("interrupted"));
				try {
					holding.countDown();
					Thread.sleep(60_000);
				}
				catch (InterruptedException ex) {
					stateWhenInterrupted.set(lock.state());
				}
				finally {
					lock.close();
				}
			});
			worker.start();
			holding.await();
			expireSession(this.holderClient);
			worker.join(30_000);
			assertThat(worker.isAlive()).isFalse();
			assertThat(stateWhenInterrupted.get()).isEqualTo(LockState.LOST);
			assertThat(this.listener.changes).last().isEqualTo("interrupted:IN_DOUBT->LOST");
		}
	}

	@Test
	void holderIsNotInterruptedByDefault() throws Exception {
		try (ZookeeperLockRegistry holder = holder(false)) {
			LockHandle lock = holder.acquire(request("not-interrupted"));
			expireSession(this.holderClient);
			await().until(() -> lock.state() == LockState.LOST);
			assertThat(Thread.currentThread().isInterrupted()).isFalse();
			assertThat(this.listener.changes).containsExactly("not-interrupted:HELD->IN_DOUBT",
					"not-interrupted:IN_DOUBT->LOST");
			lock.close();
		}
	}

	@Test
	void threadCannotReenterALockItLost() throws Exception {
		try (ZookeeperLockRegistry holder = holder(false)) {
			LockHandle lock = holder.acquire(request("reenter"));
			expireSession(this.holderClient);
			await().until(() -> lock.state() == LockState.LOST);
			try (LockHandle taken = this.other.acquire(request("reenter"))) {
				assertThatExceptionOfType(LockLostException.class).isThrownBy(() -> holder.acquire(request("reenter")))
					.withMessageContaining("'reenter'");
			}
			lock.close();
			await().until(() -> this.holderClient.getZookeeperClient().isConnected());
			try (LockHandle fresh = holder.acquire(request("reenter"))) {
				assertThat(fresh.isHeld()).isTrue();
				assertThat(fresh.fencingToken()).isGreaterThan(lock.fencingToken());
			}
		}
		assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty();
	}

	@Test
	void staleHolderCannotOverwriteTheNewHoldersWrite() throws Exception {
		try (ZookeeperLockRegistry holder = holder(false);
				Connection db = DriverManager.getConnection("jdbc:h2:mem:fencing;DB_CLOSE_DELAY=-1")) {
			try (Statement statement = db.createStatement()) {
				statement.execute("CREATE TABLE resource (id INT PRIMARY KEY, content VARCHAR(20), fence BIGINT)");
				statement.execute("INSERT INTO resource VALUES (1, 'initial', 0)");
			}
			LockHandle stale = holder.acquire(request("fenced-resource"));
			// the holder pauses; its session expires and another process takes the lock and writes
			expireSession(this.holderClient);
			try (LockHandle current = this.other.acquire(request("fenced-resource"))) {
				assertThat(current.fencingToken()).isGreaterThan(stale.fencingToken());
				assertThat(write(db, "new holder", current.fencingToken())).isOne();
			}
			// the stale holder wakes up and writes with its old token
			assertThat(write(db, "stale holder", stale.fencingToken())).isZero();
			assertThat(read(db)).isEqualTo("new holder");
			await().until(() -> stale.state() == LockState.LOST);
			stale.close();
		}
	}

	private static int write(Connection db, String content, long token) throws Exception {
		try (PreparedStatement update = db
			.prepareStatement("UPDATE resource SET content = ?, fence = ? WHERE id = 1 AND fence < ?")) {
			update.setString(1, content);
			update.setLong(2, token);
			update.setLong(3, token);
			return update.executeUpdate();
		}
	}

	private static String read(Connection db) throws Exception {
		try (Statement statement = db.createStatement();
				ResultSet result = statement.executeQuery("SELECT content FROM resource WHERE id = 1")) {
			result.next();
			return result.getString(1);
		}
	}

}
