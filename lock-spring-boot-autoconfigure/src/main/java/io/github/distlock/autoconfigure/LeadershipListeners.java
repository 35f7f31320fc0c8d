package io.github.distlock.autoconfigure;

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
