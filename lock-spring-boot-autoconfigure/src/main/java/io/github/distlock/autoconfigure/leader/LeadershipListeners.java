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

package io.github.distlock.autoconfigure.leader;

import io.github.distlock.leader.Leadership;
import io.github.distlock.leader.LeadershipGrantedEvent;
import io.github.distlock.leader.LeadershipListener;
import io.github.distlock.leader.LeadershipRevokedEvent;
import io.github.distlock.leader.RevocationReason;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;

/**
 * Tells the application's {@link LeadershipListener} beans, in order, and publishes
 * {@link LeadershipGrantedEvent} and {@link LeadershipRevokedEvent}. The beans are looked up at
 * each change, so that a listener may depend on the elections.
 */
final class LeadershipListeners implements LeadershipListener {

	private final ObjectProvider<LeadershipListener> listeners;

	private final ApplicationEventPublisher publisher;

	LeadershipListeners(ObjectProvider<LeadershipListener> listeners, ApplicationEventPublisher publisher) {
		this.listeners = listeners;
		this.publisher = publisher;
	}

	@Override
	public void granted(Leadership leadership) {
		this.listeners.orderedStream().forEach((listener) -> listener.granted(leadership));
		this.publisher.publishEvent(new LeadershipGrantedEvent(this, leadership));
	}

	@Override
	public void revoked(Leadership leadership, RevocationReason reason) {
		this.listeners.orderedStream().forEach((listener) -> listener.revoked(leadership, reason));
		this.publisher.publishEvent(new LeadershipRevokedEvent(this, leadership, reason));
	}

}
