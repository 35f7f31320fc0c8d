package io.github.distlock.benchmark;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.support.CloseableClient;
import io.etcd.jetcd.support.Observers;
import io.github.distlock.core.LockOperations;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Everything the etcd run needs: a raw jetcd client with one kept-alive lease (for the floor and
 * etcd's lock service) and a Spring application context with the starter on the etcd backend
 * (which builds its own client and lease, as in an application), both on the same server.
 */
final class EtcdLockClients implements AutoCloseable {

	/** Time to live of the raw lease: the starter's default session TTL. */
	private static final long LEASE_TTL_SECONDS = 30;

	private final Client raw;

	private final long leaseId;

	private final CloseableClient keepAlive;

	private final ConfigurableApplicationContext context;

	private final LockOperations operations;

	private final LockedMethods lockedMethods;

	private EtcdLockClients(Client raw, long leaseId, CloseableClient keepAlive,
			ConfigurableApplicationContext context) {
		this.raw = raw;
		this.leaseId = leaseId;
		this.keepAlive = keepAlive;
		this.context = context;
		this.operations = context.getBean(LockOperations.class);
		this.lockedMethods = context.getBean(LockedMethods.class);
	}

	/**
	 * Connects both clients.
	 * @param endpoint the server's client URL
	 * @param rootPath the starter's {@code distributed-lock.etcd.root-path}
	 * @param starterProperties more properties of the Spring context
	 * @return the clients
	 * @throws Exception if etcd does not grant the raw lease
	 */
	static EtcdLockClients connect(String endpoint, String rootPath, Map<String, String> starterProperties)
			throws Exception {
		Client raw = Client.builder().endpoints(endpoint).build();
		CloseableClient keepAlive = null;
		try {
			long leaseId = raw.getLeaseClient().grant(LEASE_TTL_SECONDS).get(15, TimeUnit.SECONDS).getID();
			keepAlive = raw.getLeaseClient().keepAlive(leaseId, Observers.observer((response) -> {
			}));
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("distributed-lock.backend", "etcd");
			properties.put("distributed-lock.etcd.endpoints", endpoint);
			properties.put("distributed-lock.etcd.root-path", rootPath);
			properties.put("distributed-lock.default-wait-time", LockClients.WAIT.toSeconds() + "s");
			properties.put("spring.jmx.enabled", "false");
			properties.putAll(starterProperties);
			ConfigurableApplicationContext context = new SpringApplicationBuilder(BenchmarkApplication.class)
				.web(WebApplicationType.NONE)
				.bannerMode(Banner.Mode.OFF)
				.logStartupInfo(false)
				.properties(properties)
				.run();
			return new EtcdLockClients(raw, leaseId, keepAlive, context);
		}
		catch (Exception ex) {
			if (keepAlive != null) {
				keepAlive.close();
			}
			raw.close();
			throw ex;
		}
	}

	/**
	 * A contender for one thread.
	 * @param implementation what it runs
	 * @return a new contender
	 */
	Contender contender(EtcdImplementation implementation) {
		return switch (implementation) {
			case FLOOR -> this::putAndDelete;
			case JETCD_LOCK -> this::lockService;
			case LOCK_OPERATIONS -> (key, criticalSection) -> this.operations.execute("ops:" + key, LockClients.WAIT,
					() -> {
						criticalSection.run();
						return null;
					});
			case ANNOTATED -> this.lockedMethods::cycle;
		};
	}

	private void putAndDelete(String key, Runnable criticalSection) throws Exception {
		ByteSequence name = bytes("/bench-floor/" + key + "/" + UUID.randomUUID());
		this.raw.getKVClient().put(name, ByteSequence.EMPTY).get(LockClients.WAIT.toSeconds(), TimeUnit.SECONDS);
		criticalSection.run();
		this.raw.getKVClient().delete(name).get(LockClients.WAIT.toSeconds(), TimeUnit.SECONDS);
	}

	private void lockService(String key, Runnable criticalSection) throws Exception {
		ByteSequence owned = this.raw.getLockClient()
			.lock(bytes("/bench-jetcd/" + key), this.leaseId)
			.get(LockClients.WAIT.toSeconds(), TimeUnit.SECONDS)
			.getKey();
		try {
			criticalSection.run();
		}
		finally {
			this.raw.getLockClient().unlock(owned).get(LockClients.WAIT.toSeconds(), TimeUnit.SECONDS);
		}
	}

	private static ByteSequence bytes(String text) {
		return ByteSequence.from(text, StandardCharsets.UTF_8);
	}

	@Override
	public void close() {
		try {
			this.context.close();
		}
		finally {
			this.keepAlive.close();
			this.raw.close();
		}
	}

}
