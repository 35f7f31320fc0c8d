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

package io.github.distlock.etcd;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicReference;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.etcd.jetcd.watch.WatchResponse;
import org.jspecify.annotations.Nullable;

/**
 * A wait for the delete of any of some contender keys, with no thread waiting: one jetcd watch
 * of a key, or of a queue's prefix for a semaphore's waiter (whichever holder returns its permit
 * first), from the current revision and, once etcd confirms it, one read of the keys, so that a
 * key gone before the watch was set is seen too, and no delete is missed. (A watch from a past
 * revision would be "unsynced" in etcd and could be told of the delete only by a catch-up pass
 * that runs every 100 ms.)
 * <p>
 * {@link #deleted()} completes when one of the keys is deleted, and also when the read fails or
 * the watch fails or ends (but for its {@link #close()}): in every case the queue should be read
 * again. Callbacks run on the
 * jetcd client's threads, which are never blocked here; the wait has no time limit of its own.
 */
final class DeleteWatch implements AutoCloseable {

	private final Client client;

	private final ByteSequence watched;

	private final boolean prefix;

	private final Set<String> keys;

	private final CompletableFuture<Void> deleted = new CompletableFuture<>();

	private final AtomicReference<Watch.@Nullable Watcher> watcher = new AtomicReference<>();

	private volatile boolean closed;

	private DeleteWatch(Client client, String watched, boolean prefix, Set<String> keys) {
		this.client = client;
		this.watched = Contenders.bytes(watched);
		this.prefix = prefix;
		this.keys = keys;
	}

	/**
	 * Starts waiting for the delete of a key.
	 * @param key the contender key
	 * @return the wait
	 * @throws RuntimeException if the client cannot watch (it is closed)
	 */
	static DeleteWatch ofKey(Client client, String key) {
		return new DeleteWatch(client, key, false, Set.of(key)).start();
	}

	/**
	 * Starts waiting for the delete of any of some keys of a queue.
	 * @param queue the queue's prefix ({@link Contenders#queue})
	 * @param keys the keys whose delete ends the wait
	 * @return the wait
	 * @throws RuntimeException if the client cannot watch (it is closed)
	 */
	static DeleteWatch ofAnyInQueue(Client client, String queue, Set<String> keys) {
		return new DeleteWatch(client, queue + "/", true, keys).start();
	}

	private DeleteWatch start() {
		Watch.Listener listener = Watch.listener(this::onResponse, (failure) -> lookAgain(), this::lookAgain);
		Watch.Watcher started = this.client.getWatchClient()
			.watch(this.watched,
					WatchOption.builder().isPrefix(this.prefix).withNoPut(true).withCreateNotify(true).build(),
					listener);
		this.watcher.set(started);
		if (this.closed) {
			// closed meanwhile, perhaps before the watcher was there to close
			closeWatcher();
		}
		return this;
	}

	/**
	 * Completed once a key is deleted, or the watch can tell no more: read the queue again.
	 * @return the future, never failed
	 */
	CompletableFuture<Void> deleted() {
		return this.deleted;
	}

	/**
	 * Completes {@link #deleted()}, unless the watch was closed (jetcd tells a watch it closes
	 * that it ended).
	 */
	private void lookAgain() {
		if (!this.closed) {
			this.deleted.complete(null);
		}
	}

	private void onResponse(WatchResponse response) {
		if (response.isCreatedNotify()) {
			readKeys();
		}
		for (WatchEvent event : response.getEvents()) {
			if (event.getEventType() == WatchEvent.EventType.DELETE
					&& this.keys.contains(event.getKeyValue().getKey().toString(StandardCharsets.UTF_8))) {
				lookAgain();
			}
		}
	}

	/** Reads how many of the keys etcd holds now, with one request of the key or prefix. */
	private void readKeys() {
		if (this.deleted.isDone() || this.closed) {
			return;
		}
		GetOption option = this.prefix ? GetOption.builder().isPrefix(true).withKeysOnly(true).build()
				: GetOption.builder().withCountOnly(true).build();
		this.client.getKVClient().get(this.watched, option).whenComplete((response, failure) -> {
			if (failure != null || present(response) < this.keys.size()) {
				lookAgain();
			}
		});
	}

	private long present(GetResponse response) {
		if (!this.prefix) {
			return response.getCount();
		}
		return response.getKvs()
			.stream()
			.filter((kv) -> this.keys.contains(kv.getKey().toString(StandardCharsets.UTF_8)))
			.count();
	}

	/**
	 * Ends the watch: {@link #deleted()} completes no more, and the jetcd watcher is closed,
	 * which cancels it in etcd without waiting, on a thread of the common pool: jetcd closes it
	 * under a lock of the watch client that it also holds while it tells every watcher of a
	 * broken stream, and the caller may be a deadline's timer or an event loop.
	 */
	@Override
	public void close() {
		this.closed = true;
		closeWatcher();
	}

	private void closeWatcher() {
		Watch.Watcher current = this.watcher.getAndSet(null);
		if (current != null) {
			ForkJoinPool.commonPool().execute(current::close);
		}
	}

}
