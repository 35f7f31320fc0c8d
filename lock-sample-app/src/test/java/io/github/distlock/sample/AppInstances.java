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

package io.github.distlock.sample;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import io.github.distlock.etcd.EtcdHealthIndicator;
import org.apache.curator.framework.CuratorFramework;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Several instances of the sample app in this JVM: separate Spring contexts, each with its own
 * web server on a random port, connection pool and lock session (a ZooKeeper session or an etcd
 * lease), all on one database and one lock service.
 */
final class AppInstances implements AutoCloseable {

	private final List<ConfigurableApplicationContext> contexts = new ArrayList<>();

	private AppInstances() {
	}

	/** The arguments that point an instance at a ZooKeeper server or ensemble. */
	static List<String> onZooKeeper(String connectString) {
		return List.of("--distributed-lock.zookeeper.embedded.enabled=false",
				"--distributed-lock.zookeeper.connect-string=" + connectString);
	}

	/** The arguments that point an instance at etcd, through the sample's {@code etcd} profile. */
	static List<String> onEtcd(String endpoint) {
		return List.of("--spring.profiles.active=etcd", "--distributed-lock.etcd.endpoints=" + endpoint);
	}

	static AppInstances start(int count, String jdbcUrl, String username, String password, String zookeeperConnectString) {
		return start(count, jdbcUrl, username, password, onZooKeeper(zookeeperConnectString));
	}

	static AppInstances start(int count, String jdbcUrl, String username, String password,
			List<String> lockArguments) {
		AppInstances instances = new AppInstances();
		try {
			for (int i = 1; i <= count; i++) {
				// Command-line arguments: they take precedence over application.yml.
				List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--spring.datasource.url=" + jdbcUrl,
						"--spring.datasource.username=" + username, "--spring.datasource.password=" + password,
						"--spring.datasource.hikari.pool-name=instance-" + i, "--spring.main.banner-mode=off",
						"--distributed-lock.leader.participant-id=instance-" + i,
						"--logging.level.root=WARN"));
				arguments.addAll(lockArguments);
				instances.contexts.add(new SpringApplicationBuilder(SampleApplication.class)
					.web(WebApplicationType.SERVLET)
					.run(arguments.toArray(String[]::new)));
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

	/**
	 * Each instance's lock session: its ZooKeeper session id, or its etcd lease id as the
	 * {@code etcd} health indicator tells it.
	 */
	List<Object> lockSessionIds() {
		return this.contexts.stream().map(AppInstances::lockSessionId).toList();
	}

	private static Object lockSessionId(ConfigurableApplicationContext context) {
		if (!context.getBeansOfType(CuratorFramework.class).isEmpty()) {
			try {
				return context.getBean(CuratorFramework.class).getZookeeperClient().getZooKeeper().getSessionId();
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		}
		Object leaseId = context.getBean(EtcdHealthIndicator.class).health().getDetails().get("leaseId");
		if (leaseId == null) {
			throw new IllegalStateException("No etcd lease yet: " + context.getBean(EtcdHealthIndicator.class).health());
		}
		return leaseId;
	}

	ConfigurableApplicationContext context(int index) {
		return this.contexts.get(index);
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
