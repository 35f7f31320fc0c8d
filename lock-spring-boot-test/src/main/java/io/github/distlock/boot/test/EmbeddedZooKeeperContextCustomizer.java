package io.github.distlock.boot.test;

import java.util.Map;

import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Starts the server before the application context refreshes, registers it as the
 * {@link ZooKeeperTestServer} bean, puts its connect string first among the property sources,
 * and stops it when the context closes.
 */
class EmbeddedZooKeeperContextCustomizer implements ContextCustomizer {

	static final String PROPERTY_SOURCE = "embeddedZooKeeper";

	@Override
	public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
		ZooKeeperTestServer server = ZooKeeperTestServer.start(context.getBeanFactory());
		context.getEnvironment()
			.getPropertySources()
			.addFirst(new MapPropertySource(PROPERTY_SOURCE,
					Map.of("distributed-lock.zookeeper.connect-string", server.connectString(),
							"distributed-lock.zookeeper.embedded.enabled", "false")));
		context.getBeanFactory().registerSingleton("zooKeeperTestServer", server);
		context.addApplicationListener((ApplicationListener<ContextClosedEvent>) (event) -> {
			if (event.getApplicationContext() == context) {
				server.close();
			}
		});
	}

	@Override
	public boolean equals(Object other) {
		return other != null && other.getClass() == getClass();
	}

	@Override
	public int hashCode() {
		return getClass().hashCode();
	}

}
