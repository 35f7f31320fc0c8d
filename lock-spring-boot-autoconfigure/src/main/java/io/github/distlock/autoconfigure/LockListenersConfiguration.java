package io.github.distlock.autoconfigure;

import io.github.distlock.core.LockListener;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The application's lock listeners, gathered once for whichever of the lock auto-configurations
 * imports this first.
 */
@Configuration(proxyBeanMethods = false)
class LockListenersConfiguration {

	@Bean
	LockListeners distributedLockListeners(ObjectProvider<LockListener> listeners) {
		return new LockListeners(listeners);
	}

}
