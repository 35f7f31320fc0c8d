package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.distlock.annotation.LockType;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import io.github.distlock.ZooKeeperServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

class LockTemplateTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework client;

	private ZookeeperLockRegistry registry;

	private LockTemplate locks;

	@BeforeEach
	void connect() throws Exception {
		this.client = connectedClient(zookeeper.connectString());
		this.registry = new ZookeeperLockRegistry(this.client, new ZnodeLockPathResolver("/Locks"));
		this.locks = new LockTemplate(this.registry);
	}

	@AfterEach
	void disconnect() {
		this.registry.close();
		this.client.close();
	}

	@Test
	void executeRunsTheCallbackHoldingTheLockAndReturnsItsResult() {
		String result = this.locks.execute("stock:42", Duration.ofSeconds(3), () -> {
			AcquiredLock lock = LockContext.current();
			assertThat(lock).isNotNull();
			assertThat(lock.isHeld()).isTrue();
			return lock.key() + "@" + lock.path();
		});
		assertThat(result).isEqualTo("stock:42@/Locks/stock:42");
		assertThat(LockContext.current()).isNull();
		assertThat(this.registry.heldLocks()).isEmpty();
	}

	@Test
	void lockContextGivesTheInnermostLock() {
		List<String> seen = new ArrayList<>();
		this.locks.execute("outer", Duration.ofSeconds(1), () -> {
			seen.add(LockContext.current().key());
			this.locks.execute("inner", Duration.ofSeconds(1), LockType.WRITE, () -> seen.add(LockContext.current().key()));
			seen.add(LockContext.current().key());
			return null;
		});
		assertThat(seen).containsExactly("outer", "inner", "outer");
	}

	@Test
	void callbackExceptionPropagatesUnchangedAfterRelease() {
		IllegalStateException failure = new IllegalStateException("boom");
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> this.locks.execute("failing", Duration.ofSeconds(1), () -> {
				throw failure;
			}))
			.isSameAs(failure);
		assertThat(this.registry.heldLocks()).isEmpty();
		assertThat(LockContext.current()).isNull();
	}

	@Test
	void blankKeyIsRejected() {
		assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> this.locks.execute(" ", Duration.ZERO, () -> "x"))
			.withMessageContaining("null or blank");
		assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> this.locks.acquire(null, Duration.ZERO));
	}

	@Test
	void negativeWaitTimeIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.locks.acquire("k", Duration.ofMillis(-1)))
			.withMessageContaining("waitTime");
	}

	@Test
	void lockLostDuringTheCallbackIsReportedAfterIt() {
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> this.locks.execute("lost", Duration.ofSeconds(1), () -> {
				AcquiredLock lock = LockContext.current();
				try {
					expireSession(this.client);
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
				await().atMost(Duration.ofSeconds(30)).until(() -> lock.state() == LockState.LOST);
				return "done";
			}))
			.satisfies((ex) -> {
				assertThat(ex.getKey()).isEqualTo("lost");
				assertThat(ex.getPath()).isEqualTo("/Locks/lost");
			});
		assertThat(this.registry.heldLocks()).isEmpty();
	}

}
