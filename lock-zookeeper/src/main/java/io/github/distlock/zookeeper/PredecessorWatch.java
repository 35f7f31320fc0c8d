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

package io.github.distlock.zookeeper;

import java.util.function.Consumer;

import org.apache.curator.framework.api.CuratorEvent;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;

/**
 * The watch an {@link AsyncNodeAcquisition} sets on its predecessor's data with one
 * {@code getData}, and the step it waits on ({@link AcquisitionSteps}): the predecessor's change,
 * or its absence in the answer, goes on. A connection event (type {@code None}) goes on only if
 * ZooKeeper's client dropped the watch with it, so that the children are read and a new watch set
 * while no earlier one of this wait stays registered:
 * <ul>
 * <li>{@code SyncConnected}: the client keeps its watches, and sets them again on reconnecting
 * in the same session.</li>
 * <li>{@code Disconnected}, {@code ConnectedReadOnly} and {@code SaslAuthenticated} (which
 * follows each reconnection with SASL): the client keeps its watches, unless
 * {@code zookeeper.disableAutoWatchReset} is set, with which it drops them on every connection
 * event but {@code SyncConnected}.</li>
 * <li>{@code Expired}, {@code Closed}, {@code AuthFailed} and any other: the watch will not fire
 * (an expired session's node is gone, a closed or refused client hears nothing more); reading
 * the children again queues anew, or fails.</li>
 * </ul>
 * A watch set after its acquisition ended, or moved on, is removed again. It runs on Curator's or
 * ZooKeeper's event thread, and only sends requests.
 */
final class PredecessorWatch implements Watcher {

	private final String predecessor;

	private final AcquisitionSteps steps;

	private final NodeQueue recipe;

	private final boolean resetOnReconnect;

	private final Runnable onChange;

	private final Consumer<Exception> onFailure;

	/**
	 * @param predecessor the node before ours
	 * @param resetOnReconnect whether the client sets its watches again on reconnecting (it does
	 * unless {@code zookeeper.disableAutoWatchReset} is set in its configuration)
	 * @param onChange reads the children again
	 * @param onFailure told when the {@code getData} failed
	 */
	PredecessorWatch(String predecessor, AcquisitionSteps steps, NodeQueue recipe, boolean resetOnReconnect,
			Runnable onChange, Consumer<Exception> onFailure) {
		this.predecessor = predecessor;
		this.steps = steps;
		this.recipe = recipe;
		this.resetOnReconnect = resetOnReconnect;
		this.onChange = onChange;
		this.onFailure = onFailure;
	}

	String predecessor() {
		return this.predecessor;
	}

	/**
	 * The answer to the {@code getData} that set the watch.
	 * @param event the answer
	 */
	void read(CuratorEvent event) {
		KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
		if (code == KeeperException.Code.OK) {
			if (!this.steps.isAwaited(this)) {
				// ended, or fired already, before the watch was set: remove it again
				this.recipe.removeWatcher(this.predecessor, this);
			}
		}
		else if (this.steps.proceed(this)) {
			if (code == KeeperException.Code.NONODE) {
				this.onChange.run();
			}
			else {
				this.onFailure.accept(KeeperException.create(code, this.predecessor));
			}
		}
	}

	@Override
	public void process(WatchedEvent event) {
		if (event.getType() == Event.EventType.None && isKept(event.getState())) {
			return;
		}
		if (this.steps.proceed(this)) {
			this.onChange.run();
		}
	}

	/**
	 * Whether ZooKeeper's client still holds the watch after a connection event in a state, as
	 * its watch manager does: it hands such an event to every watcher it holds, and forgets them
	 * all with it if it does not set them again on reconnecting and the state is not
	 * {@code SyncConnected}.
	 */
	private boolean isKept(Event.KeeperState state) {
		return switch (state) {
			case SyncConnected -> true;
			case Disconnected, ConnectedReadOnly, SaslAuthenticated -> this.resetOnReconnect;
			default -> false;
		};
	}

}
