package io.github.distlock.test.memory;

import java.util.Collection;

import io.github.distlock.core.LockListener;
import io.github.distlock.test.contract.LockClient;
import io.github.distlock.test.contract.LockRegistryContractTests;

/**
 * The contract of every lock backend, against the in-memory one: each client is a registry with
 * a session of its own on one service per test. No separate processes: the service lives in
 * this JVM.
 */
class InMemoryLockRegistryContractTests extends LockRegistryContractTests<InMemoryLockRegistryContractTests.InMemoryClient> {

	private final InMemoryLockService service = new InMemoryLockService();

	@Override
	protected InMemoryClient newClient(LockListener listener) {
		return new InMemoryClient(new InMemoryLockRegistry(this.service, listener));
	}

	@Override
	protected void loseLocks(InMemoryClient client) {
		client.registry().expireSession();
	}

	@Override
	protected Collection<String> entriesOf(String key) {
		return this.service.entriesOf(key);
	}

	record InMemoryClient(InMemoryLockRegistry registry) implements LockClient {

		@Override
		public void close() {
			this.registry.close();
		}

	}

}
