package io.github.distlock.sample;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import org.apache.curator.framework.CuratorFramework;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Several instances of the sample app in this JVM: separate Spring contexts, each with its own
 * web server on a random port, connection pool and ZooKeeper session, all on one database and
 * one ZooKeeper.
 */
final class AppInstances implements AutoCloseable {

	private final List<ConfigurableApplicationContext> contexts = new ArrayList<>();

	private AppInstances() {
	}

	static AppInstances start(int count, String jdbcUrl, String username, String password,
			String zookeeperConnectString) {
		AppInstances instances = new AppInstances();
		try {
			for (int i = 1; i <= count; i++) {
				// Command-line arguments: they take precedence over application.yml.
				instances.contexts.add(new SpringApplicationBuilder(SampleApplication.class)
					.web(WebApplicationType.SERVLET)
					.run("--server.port=0", "--spring.datasource.url=" + jdbcUrl,
							"--spring.datasource.username=" + username, "--spring.datasource.password=" + password,
							"--spring.datasource.hikari.pool-name=instance-" + i,
							"--distributed-lock.zookeeper.embedded.enabled=false",
							"--distributed-lock.zookeeper.connect-string=" + zookeeperConnectString,
							"--spring.main.banner-mode=off", "--logging.level.root=WARN"));
			}
			return instances;
		}
		catch (RuntimeException ex) {
			instances.close();
			throw ex;
		}
	}

	List<URI> uris() {
		return this.contexts.stream()
			.map((context) -> URI.create("http://127.0.0.1:"
					+ ((WebServerApplicationContext) context).getWebServer().getPort()))
			.toList();
	}

	List<Long> zookeeperSessionIds() {
		return this.contexts.stream().map((context) -> {
			try {
				return context.getBean(CuratorFramework.class).getZookeeperClient().getZooKeeper().getSessionId();
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		}).toList();
	}

	<T> T bean(int index, Class<T> type) {
		return this.contexts.get(index).getBean(type);
	}

	@Override
	public void close() {
		for (ConfigurableApplicationContext context : this.contexts) {
			context.close();
		}
		this.contexts.clear();
	}

}
