package io.github.distlock.zookeeper;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.jspecify.annotations.Nullable;

/**
 * A lock held through a ZooKeeper node. Its state follows the connection of the session that
 * created the node.
 */
final class ZookeeperLockHandle implements LockHandle {

	private final ZookeeperLockRegistry registry;

	private final RecipeKey recipeKey;

	private final RecipeReference reference;

	private final LockRequest request;

	private final HeldNode node;

	private final Thread owner;

	/** Orders a release and an interrupt for a loss, so a thread that moved on is left alone. */
	private final Object releaseGuard = new Object();

	private final Instant acquiredAt = Instant.now();

	private final AtomicReference<LockState> state = new AtomicReference<>(LockState.HELD);

	ZookeeperLockHandle(ZookeeperLockRegistry registry, RecipeKey recipeKey,
			RecipeReference reference, LockRequest request, HeldNode node) {
		this.registry = registry;
		this.recipeKey = recipeKey;
		this.reference = reference;
		this.request = request;
		this.node = node;
		this.owner = Thread.currentThread();
	}

	@Override
	public String key() {
		return this.request.key();
	}

	@Override
	public String name() {
		return this.request.name();
	}

	@Override
	public String path() {
		return this.recipeKey.path();
	}

	@Override
	public LockType type() {
		return this.request.type();
	}

	@Override
	public long fencingToken() {
		return this.node.fencingToken();
	}

	@Override
	public boolean isHeld() {
		return this.state.get() == LockState.HELD;
	}

	@Override
	public LockState state() {
		return this.state.get();
	}

	/**
	 * The lock node this holder created.
	 * @return the node path
	 */
	String nodePath() {
		return this.node.nodePath();
	}

	/**
	 * The ZooKeeper session the lock is held in.
	 * @return the session id
	 */
	long sessionId() {
		return this.node.sessionId();
	}

	Thread owner() {
		return this.owner;
	}

	@Override
	public Instant acquiredAt() {
		return this.acquiredAt;
	}

	@Override
	public String holderThread() {
		return this.owner.getName();
	}

	RecipeKey recipeKey() {
		return this.recipeKey;
	}

	RecipeReference reference() {
		return this.reference;
	}

	CuratorLockRecipe recipe() {
		return this.reference.recipe();
	}

	@Nullable LocalLockQueue localQueue() {
		return this.reference.local();
	}

	HeldNode node() {
		return this.node;
	}

	/**
	 * Moves to a new state unless the lock is already released or lost.
	 * @return the state before, or {@code null} if the state did not change
	 */
	@Nullable LockState transition(LockState next) {
		LockState current = this.state.get();
		while (current != LockState.RELEASED && current != LockState.LOST && current != next) {
			if (this.state.compareAndSet(current, next)) {
				return current;
			}
			current = this.state.get();
		}
		return null;
	}

	@Override
	public void close() {
		if (type() != LockType.SEMAPHORE_MUTEX && Thread.currentThread() != this.owner) {
			throw new IllegalMonitorStateException("Lock '" + key() + "' (" + path() + ") is held by thread '"
					+ this.owner.getName() + "' and only that thread can release it; "
					+ "use LockType.SEMAPHORE_MUTEX for a lock released by another thread");
		}
		LockState previous;
		synchronized (this.releaseGuard) {
			previous = this.state.getAndSet(LockState.RELEASED);
		}
		if (previous != LockState.RELEASED) {
			this.registry.release(this);
		}
	}

	/**
	 * Interrupts the holder's thread for a loss, unless the lock was released already: the
	 * thread may have moved on to other work.
	 */
	void interruptHolderUnlessReleased() {
		synchronized (this.releaseGuard) {
			if (this.state.get() != LockState.RELEASED) {
				this.owner.interrupt();
			}
		}
	}

	@Override
	public String toString() {
		return "Lock[key=" + key() + ", path=" + path() + ", type=" + type() + ", token="
				+ this.node.fencingToken() + ", state=" + this.state.get() + "]";
	}

}
