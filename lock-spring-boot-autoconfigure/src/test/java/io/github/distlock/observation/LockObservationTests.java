package io.github.distlock.observation;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.distlock.ZooKeeperServerExtension;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.ZooKeeperTestSupport.expireSession;
import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The observations of a scripted run against a real ZooKeeper: a lock acquired and held inside
 * a parent observation, a wait that times out, and a lock lost while held.
 */
class LockObservationTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final TestObservationRegistry observations = TestObservationRegistry.create();

	private CuratorFramework client;

	private CuratorFramework otherClient;

	private ZookeeperLockRegistry registry;

	private ZookeeperLockRegistry other;

	private LockTemplate template;

	@BeforeEach
	void connect() throws Exception {
		this.client = connectedClient(zookeeper.connectString());
		this.otherClient = connectedClient(zookeeper.connectString());
		LockObservationListener listener = new LockObservationListener(this.observations);
		this.registry = new ZookeeperLockRegistry(this.client, new ZnodeLockPathResolver("/Locks"),
				new CompositeLockListener(List.of(listener)), ZookeeperLockRegistry.Options.DEFAULTS);
		this.other = new ZookeeperLockRegistry(this.otherClient, new ZnodeLockPathResolver("/Locks"));
		this.template = new LockTemplate(this.registry, listener, true);
	}

	@AfterEach
	void close() {
		this.registry.close();
		this.other.close();
		this.client.close();
		this.otherClient.close();
	}

	@Test
	void waitAndHoldAreObservedInsideTheCallersObservation() {
		Observation request = Observation.start("request", this.observations);
		try (Observation.Scope scope = request.openScope()) {
			this.template.execute(new LockRequest("stock:42", LockType.MUTEX, Duration.ofSeconds(5), "StockService.buy"),
					() -> null);
		}
		request.stop();
		assertThat(this.observations).hasNumberOfObservationsEqualTo(3)
			.hasObservationWithNameEqualTo(LockObservationListener.WAIT)
			.that()
			.hasBeenStarted()
			.hasBeenStopped()
			.hasParentObservationEqualTo(request)
			.hasContextualNameEqualTo("lock StockService.buy")
			.hasLowCardinalityKeyValue("name", "StockService.buy")
			.hasLowCardinalityKeyValue("type", "MUTEX")
			.hasLowCardinalityKeyValue("outcome", "acquired")
			.hasHighCardinalityKeyValue("key", "stock:42")
			.hasHighCardinalityKeyValue("path", "/Locks/stock:42")
			.doesNotHaveError();
		assertThat(this.observations).hasObservationWithNameEqualTo(LockObservationListener.HOLD)
			.that()
			.hasBeenStopped()
			.hasParentObservationEqualTo(request)
			.hasLowCardinalityKeyValue("state", "HELD")
			.hasHighCardinalityKeyValueWithKey("fencing.token")
			.doesNotHaveLowCardinalityKeyValueWithKey("key");
	}

	@Test
	void timedOutWaitIsAnObservationWithItsError() {
		try (LockHandle held = this.other.acquire(new LockRequest("busy", LockType.MUTEX, Duration.ofSeconds(5), "t"))) {
			assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(() -> this.template
				.execute(new LockRequest("busy", LockType.MUTEX, Duration.ofMillis(200), "Jobs.nightly"), () -> null));
		}
		assertThat(this.observations).hasNumberOfObservationsEqualTo(1)
			.hasObservationWithNameEqualTo(LockObservationListener.WAIT)
			.that()
			.hasBeenStopped()
			.hasLowCardinalityKeyValue("outcome", "timeout")
			.assertThatError()
			.isInstanceOf(LockAcquisitionException.class);
	}

	@Test
	void lostLockIsAnEventOfItsHold() throws Exception {
		List<String> events = new CopyOnWriteArrayList<>();
		this.observations.observationConfig().observationHandler(new ObservationHandler<>() {

			@Override
			public void onEvent(Observation.Event event, Observation.Context context) {
				events.add(context.getName() + " " + event.getName());
			}

			@Override
			public boolean supportsContext(Observation.Context context) {
				return true;
			}

		});
		LockHandle lock = this.template.acquire(new LockRequest("lost", LockType.MUTEX, Duration.ofSeconds(5), "t"));
		expireSession(this.client);
		// the handle is LOST before the listeners are told
		await().until(() -> lock.state() == LockState.LOST && events.size() == 2);
		lock.close();
		assertThat(this.observations).hasObservationWithNameEqualTo(LockObservationListener.HOLD)
			.that()
			.hasBeenStopped()
			.hasLowCardinalityKeyValue("state", "LOST");
		assertThat(events).containsExactly("distributed.lock.hold distributed.lock.in_doubt",
				"distributed.lock.hold distributed.lock.lost");
	}

}
