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

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.etcd.jetcd.watch.WatchResponse;
import io.github.distlock.core.spi.ContenderWatch;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * A watch on the queue of a held {@code MUTEX} key ({@link Contenders#queue}): a jetcd watch of
 * the queue's prefix from the current revision and, once etcd confirms it, one read of the
 * prefix's keys, so that a contender queued before the watch is seen as well as one queued
 * after. (A watch from a past revision would be "unsynced" in etcd, see
 * {@link DeleteWatch}.)
 * <p>
 * A contender is a put of a contender key of the queue ({@code <queue>/<w|r>-…}) other than the
 * held one: not a write to the held key (the revocation marker), and not a lease's floor key,
 * which lives under a path of its own ({@link EtcdLockBackend#FLOORS_KEY}), never under a queue
 * as the resolver of this module lays keys out; a key whose name is not a contender's is not
 * one either, should another resolver place one there. Deletes do not count (a waiter giving
 * up), except the held key's own, which means its lease ended.
 * <p>
 * On the safe side, a failed read, a watch error (jetcd then sets the watch again from its last
 * revision) and a watch that completes count as a contender too. Callbacks run on the jetcd
 * client's threads, which are never blocked here.
 */
final class MutexQueueWatch implements ContenderWatch {

	private static final Log logger = LogFactory.getLog(MutexQueueWatch.class);

	private final Client client;

	/** The queue's prefix, with its trailing {@code /}. */
	private final String prefix;

	private final String heldKey;

	private final Runnable onContender;

	/** The open watches of the key, which its release ends; this one removes itself when closed. */
	private final Set<MutexQueueWatch> openWatches;

	private volatile boolean closed;

	/** The read once the watch was set found the held key alone in the queue. */
	private volatile boolean confirmed;

	private volatile Watch.@Nullable Watcher watcher;

	/**
	 * A watch, not started yet.
	 * @param heldKey the held contender key, whose queue is watched
	 * @param openWatches the key's open watches, which this one joins until closed
	 */
	MutexQueueWatch(Client client, String heldKey, Runnable onContender, Set<MutexQueueWatch> openWatches) {
		this.client = client;
		this.prefix = Contenders.queueOf(heldKey) + "/";
		this.heldKey = heldKey;
		this.onContender = onContender;
		this.openWatches = openWatches;
	}

	/**
	 * Sets the watch; its confirmation reads the queue.
	 * @return this watch, or {@code null} if the watch client refuses it (it is closed): then it
	 * cannot watch, and the caller is not called back on its own thread
	 */
	@Nullable MutexQueueWatch start() {
		this.openWatches.add(this);
		Watch.Listener listener = Watch.listener(this::onResponse,
				(failure) -> contender("the watch failed (" + failure + ")"),
				() -> contender("the watch completed"));
		try {
			this.watcher = this.client.getWatchClient()
				.watch(Contenders.bytes(this.prefix),
						WatchOption.builder().isPrefix(true).withCreateNotify(true).build(), listener);
		}
		catch (RuntimeException ex) {
			logger.debug("Could not watch the queue of " + this.heldKey, ex);
			close();
			return null;
		}
		if (this.closed) {
			// closed meanwhile, perhaps before the watcher was there to close
			closeWatcher();
		}
		return this;
	}

	private void onResponse(WatchResponse response) {
		if (response.isCreatedNotify()) {
			readQueue();
		}
		for (WatchEvent event : response.getEvents()) {
			String key = event.getKeyValue().getKey().toString(StandardCharsets.UTF_8);
			if (event.getEventType() == WatchEvent.EventType.PUT && isOtherContender(key)) {
				contender("key " + key + " queued");
			}
			else if (event.getEventType() == WatchEvent.EventType.DELETE && key.equals(this.heldKey)) {
				contender("the held key is gone");
			}
		}
	}

	/**
	 * Reads the queue's keys once: the contenders queued before the watch was set.
	 */
	private void readQueue() {
		if (this.closed) {
			return;
		}
		this.client.getKVClient()
			.get(Contenders.bytes(this.prefix), GetOption.builder().isPrefix(true).withKeysOnly(true).build())
			.whenComplete((queue, failure) -> {
				if (failure != null) {
					contender("could not read the queue (" + failure + ")");
				}
				else {
					queueRead(queue);
				}
			});
	}

	private void queueRead(GetResponse queue) {
		boolean held = false;
		for (KeyValue kv : queue.getKvs()) {
			String key = kv.getKey().toString(StandardCharsets.UTF_8);
			if (isOtherContender(key)) {
				contender("key " + key + " queued");
				return;
			}
			held |= key.equals(this.heldKey);
		}
		if (!held) {
			contender("the held key is gone");
		}
		else {
			this.confirmed = true;
		}
	}

	@Override
	public boolean confirmed() {
		return this.confirmed;
	}

	/**
	 * Whether a key is the contender key of another contender in the queue: right under the
	 * queue's prefix, named as {@link Contenders#newKey} names contenders, and not the held key.
	 */
	private boolean isOtherContender(String key) {
		if (!key.startsWith(this.prefix) || key.equals(this.heldKey)) {
			return false;
		}
		String name = key.substring(this.prefix.length());
		return name.indexOf('/') < 0 && (name.startsWith("w-") || name.startsWith("r-"));
	}

	private void contender(String why) {
		if (this.closed) {
			return;
		}
		if (logger.isDebugEnabled()) {
			logger.debug("Contender for " + this.heldKey + ": " + why);
		}
		this.onContender.run();
	}

	/**
	 * Ends the watch: no callback from now on, and the jetcd watcher is closed (which cancels it
	 * in etcd without waiting).
	 */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		this.openWatches.remove(this);
		closeWatcher();
	}

	private void closeWatcher() {
		Watch.Watcher current = this.watcher;
		if (current != null) {
			this.watcher = null;
			current.close();
		}
	}

}
