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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;

/**
 * The contender keys of lock paths in etcd. A contender is a key
 * {@code <path>/<queue>/<w|r>-<lease>-<n>} bound to the registry's lease: {@code w} for the
 * exclusive types, {@code r} for {@code READ}. Each kind of lock has a queue of its own
 * ({@code mutex}, {@code semaphore}, and {@code rw} for {@code READ} and {@code WRITE}), so
 * locks of different kinds on one key are separate locks, as ZooKeeper's recipes are.
 * Contenders queue by position, which is their create revision, except for a {@code READ}
 * taken inside the holder's own {@code WRITE}: its value {@code p=<revision>} places it at the
 * {@code WRITE}'s position, so that writers queued behind the {@code WRITE} stay behind it.
 * A contender's owner, if its request has one, follows as {@code o=<owner>} (after a newline
 * when there is a position).
 * A call returns etcd's answer as a future, or waits for it until the caller's deadline.
 */
final class Contenders {

	private static final String POSITION = "p=";

	private static final String OWNER = "o=";

	private final Client client;

	/** The value a revocation request writes to the holder's key (Curator's marker, as on ZooKeeper). */
	static final String REVOKE = "__REVOKE__";

	private final AtomicLong sequence = new AtomicLong();

	Contenders(Client client) {
		this.client = client;
	}

	/**
	 * The prefix under which the contenders of a lock path and kind queue.
	 */
	static String queue(String path, LockType type) {
		return path + "/" + switch (type) {
			case MUTEX -> "mutex";
			case SEMAPHORE_MUTEX -> "semaphore";
			case READ, WRITE -> "rw";
			case SEMAPHORE -> "counting";
		};
	}

	/**
	 * The queue a contender key is in ({@link #queue}): the key without its last segment.
	 */
	static String queueOf(String contenderKey) {
		return contenderKey.substring(0, contenderKey.lastIndexOf('/'));
	}

	/**
	 * A new contender key's name, unique to this registry.
	 */
	String newKey(String path, LockType type, long leaseId) {
		return queue(path, type) + "/" + ((type == LockType.READ) ? "r" : "w") + "-" + Long.toHexString(leaseId) + "-"
				+ Long.toHexString(this.sequence.incrementAndGet());
	}

	/**
	 * The floor key of a lease under a prefix: its value is the sequence number below which no
	 * contender key of the lease may be created any more.
	 */
	static String floorKey(String prefix, long leaseId) {
		return prefix + "/" + Long.toHexString(leaseId);
	}

	/** A floor key's value for a sequence number: fixed width, so that etcd orders values as numbers. */
	static String floorValue(long sequence) {
		return String.format("%016x", sequence);
	}

	/** The sequence number in a contender key's name. */
	static long sequenceOf(String key) {
		return Long.parseUnsignedLong(key.substring(key.lastIndexOf('-') + 1), 16);
	}

	/**
	 * Creates a contender key bound to a lease and reads its queue, in one transaction: an
	 * acquisition that finds nobody ahead needs no other request. The key is put only if it does
	 * not exist and the lease's floor is below its sequence number, so that a copy of this
	 * request that reaches etcd after the key was {@link #remove removed} (a retry's first copy,
	 * or one overtaken by the removal) creates nothing. When this fails or is given up, the key
	 * may exist all the same: the caller removes it.
	 * @param key a name from {@link #newKey}
	 * @param floorKey the floor key of the lease
	 * @param position the queue position to take, or 0 for the key's own create revision
	 * @param owner the request's owner, or {@code null}
	 * @return the contender and its queue as of the transaction, or {@code null} if the floor was
	 * raised above the key's sequence meanwhile (ask again with a new key); failed with a
	 * {@link LeaseGoneException} if the lease's floor is gone: so is the lease
	 */
	CompletableFuture<@Nullable Created> create(String key, boolean writer, long leaseId, String floorKey,
			long position, @Nullable String owner) {
		ByteSequence name = bytes(key);
		ByteSequence floor = bytes(floorKey);
		ByteSequence value = bytes(value(position, owner));
		Op readQueue = Op.get(bytes(queueOf(key) + "/"),
				GetOption.builder().isPrefix(true).build());
		return this.client.getKVClient()
			.txn()
			.If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.createRevision(0)),
					new Cmp(floor, Cmp.Op.LESS, CmpTarget.value(bytes(floorValue(sequenceOf(key))))))
			.Then(Op.put(name, value, PutOption.builder().withLeaseId(leaseId).build()), readQueue)
			.Else(Op.get(name, GetOption.DEFAULT), Op.get(floor, GetOption.DEFAULT), readQueue)
			.commit()
			.thenApply((response) -> created(response, key, writer, leaseId, position, owner));
	}

	private static @Nullable Created created(TxnResponse response, String key, boolean writer, long leaseId,
			long position, @Nullable String owner) {
		List<GetResponse> reads = response.getGetResponses();
		long createRevision;
		if (response.isSucceeded()) {
			createRevision = response.getHeader().getRevision();
		}
		else if (!reads.get(0).getKvs().isEmpty()) {
			// an earlier copy of this request created it
			createRevision = reads.get(0).getKvs().get(0).getCreateRevision();
		}
		else if (reads.get(1).getKvs().isEmpty()) {
			throw new CompletionException(new LeaseGoneException(leaseId));
		}
		else {
			return null;
		}
		Contender contender = new Contender(key, writer, (position > 0) ? position : createRevision, createRevision,
				leaseId, owner);
		return new Created(contender, queueOf(reads.get(reads.size() - 1)));
	}

	/**
	 * Removes a contender key and raises its lease's floor to the key's sequence number, in one
	 * transaction: no copy of the key's create that is still on its way can put it back.
	 * @return the transaction, which fails if etcd does not know the lease (then the key went with it)
	 */
	CompletableFuture<TxnResponse> remove(String key, long leaseId, String floorKey) {
		ByteSequence floor = bytes(floorKey);
		ByteSequence sequence = bytes(floorValue(sequenceOf(key)));
		Op delete = Op.delete(bytes(key), DeleteOption.DEFAULT);
		return this.client.getKVClient()
			.txn()
			.If(new Cmp(floor, Cmp.Op.LESS, CmpTarget.value(sequence)))
			.Then(Op.put(floor, sequence, PutOption.builder().withLeaseId(leaseId).build()), delete)
			.Else(delete)
			.commit();
	}

	/**
	 * Writes the revocation marker as the value of a contender key, bound to the key's own lease,
	 * if the key still is the one that was read (a put never brings a deleted key back).
	 * @param holder a contender as {@link #list} read it
	 * @return whether the marker was written
	 */
	boolean markRevocation(Contender holder, long deadlineNanos)
			throws InterruptedException, ExecutionException, TimeoutException {
		ByteSequence name = bytes(holder.key());
		return await(this.client.getKVClient()
			.txn()
			.If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.createRevision(holder.createRevision())))
			.Then(Op.put(name, bytes(REVOKE), PutOption.builder().withLeaseId(holder.leaseId()).build()))
			.commit(), deadlineNanos).isSucceeded();
	}

	/**
	 * Watches a contender key for the revocation marker: events on the lock service's threads,
	 * and one read once the watch is set, so that a marker written before is seen too.
	 * @param onRequested run when the marker is seen (perhaps more than once)
	 * @return the watch, to be closed with the lock
	 */
	Watch.Watcher watchRevocation(String key, Runnable onRequested) {
		ByteSequence name = bytes(key);
		ByteSequence marker = bytes(REVOKE);
		Watch.Listener listener = Watch.listener((response) -> {
			if (response.isCreatedNotify()) {
				this.client.getKVClient().get(name).thenAccept((current) -> {
					if (!current.getKvs().isEmpty() && current.getKvs().get(0).getValue().equals(marker)) {
						onRequested.run();
					}
				});
			}
			for (WatchEvent event : response.getEvents()) {
				if (event.getEventType() == WatchEvent.EventType.PUT && event.getKeyValue().getValue().equals(marker)) {
					onRequested.run();
				}
			}
		});
		return this.client.getWatchClient()
			.watch(name, WatchOption.builder().withNoDelete(true).withCreateNotify(true).build(), listener);
	}

	/**
	 * The contenders of a queue, in queue order.
	 * @param queue a prefix from {@link #queue}
	 */
	CompletableFuture<Queue> list(String queue) {
		return this.client.getKVClient()
			.get(bytes(queue + "/"), GetOption.builder().isPrefix(true).build())
			.thenApply(Contenders::queueOf);
	}

	/**
	 * {@link #list(String) Lists} the contenders of a queue, waiting for etcd until the deadline.
	 */
	Queue list(String queue, long deadlineNanos) throws InterruptedException, ExecutionException, TimeoutException {
		return await(list(queue), deadlineNanos);
	}

	private static Queue queueOf(GetResponse response) {
		List<Contender> contenders = new ArrayList<>();
		for (KeyValue kv : response.getKvs()) {
			contenders.add(contender(kv));
		}
		contenders.sort(Comparator.comparingLong(Contender::position).thenComparingLong(Contender::createRevision));
		return new Queue(contenders);
	}

	private static String value(long position, @Nullable String owner) {
		String positionPart = (position > 0) ? POSITION + position : "";
		if (owner == null) {
			return positionPart;
		}
		return positionPart.isEmpty() ? OWNER + owner : positionPart + "\n" + OWNER + owner;
	}

	private static Contender contender(KeyValue kv) {
		String key = kv.getKey().toString(StandardCharsets.UTF_8);
		String value = kv.getValue().toString(StandardCharsets.UTF_8);
		long position = kv.getCreateRevision();
		String rest = value;
		if (value.startsWith(POSITION)) {
			int end = value.indexOf('\n');
			position = Long.parseLong(value.substring(POSITION.length(), (end < 0) ? value.length() : end));
			rest = (end < 0) ? "" : value.substring(end + 1);
		}
		String owner = rest.startsWith(OWNER) ? rest.substring(OWNER.length()) : null;
		boolean writer = key.charAt(key.lastIndexOf('/') + 1) == 'w';
		return new Contender(key, writer, position, kv.getCreateRevision(), kv.getLease(), owner);
	}

	private static <T> T await(CompletableFuture<T> future, long deadlineNanos)
			throws InterruptedException, ExecutionException, TimeoutException {
		try {
			return future.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException | TimeoutException ex) {
			future.cancel(true);
			throw ex;
		}
	}

	static ByteSequence bytes(String text) {
		return ByteSequence.from(text, StandardCharsets.UTF_8);
	}

	/**
	 * A contender key.
	 * @param key the key
	 * @param writer whether it excludes every other contender
	 * @param position its place in the queue
	 * @param createRevision the revision that created it
	 * @param leaseId the lease it is bound to
	 * @param owner the owner its request recorded, or {@code null} (also once the revocation
	 * marker replaced it)
	 */
	record Contender(String key, boolean writer, long position, long createRevision, long leaseId,
			@Nullable String owner) {
	}

	/**
	 * A contender just created, and its queue as of its creation.
	 */
	record Created(Contender contender, Queue queue) {
	}

	/**
	 * The contenders of a lock path, in queue order.
	 */
	record Queue(List<Contender> contenders) {

		boolean contains(Contender contender) {
			return this.contenders.stream().anyMatch((other) -> other.key().equals(contender.key()));
		}

		/**
		 * The contenders ahead of the given one, nearest last: a semaphore's contender holds it
		 * when fewer than its permits are ahead.
		 */
		List<Contender> ahead(Contender contender) {
			return this.contenders.stream().filter((other) -> isAhead(other, contender)).toList();
		}

		/**
		 * The contender that the given one waits for: the nearest one ahead of it that
		 * excludes it (any one for a writer, a writer for a reader), or {@code null} if its turn came.
		 */
		@Nullable Contender blocker(Contender contender) {
			Contender nearest = null;
			for (Contender other : this.contenders) {
				if (isAhead(other, contender) && (contender.writer() || other.writer())) {
					nearest = other;
				}
			}
			return nearest;
		}

		private static boolean isAhead(Contender other, Contender contender) {
			return other.position() < contender.position() || (other.position() == contender.position()
					&& other.createRevision() < contender.createRevision());
		}

	}

}
