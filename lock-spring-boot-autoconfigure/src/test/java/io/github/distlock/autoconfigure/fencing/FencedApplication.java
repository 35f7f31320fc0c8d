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

package io.github.distlock.autoconfigure.fencing;

import java.util.List;

import javax.sql.DataSource;

import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.fencing.http.FencingTokenHeader;
import io.github.distlock.test.memory.InMemoryLockRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * A web application on a random port, locking on the in-memory backend, with the auto-configured
 * clients and (when its properties say so) the fencing filter; {@code GET /echo} answers the
 * {@code Lock-Fencing-Token} values it received. Served by Spring MVC on Tomcat, or by WebFlux on
 * Tomcat with {@code spring.main.web-application-type=reactive}; with {@code test.database} set,
 * its one {@code DataSource} is that JDBC URL.
 */
@SpringBootConfiguration
@EnableAutoConfiguration(excludeName = {
		"io.github.distlock.autoconfigure.zookeeper.EmbeddedZooKeeperAutoConfiguration",
		"io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration",
		"io.github.distlock.autoconfigure.zookeeper.ZooKeeperHealthContributorAutoConfiguration",
		"io.github.distlock.autoconfigure.etcd.EtcdLockAutoConfiguration",
		"io.github.distlock.autoconfigure.etcd.EtcdHealthContributorAutoConfiguration",
		"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration" })
class FencedApplication {

	static ConfigurableApplicationContext start(InMemoryLockService service, String... properties) {
		return new SpringApplicationBuilder(FencedApplication.class)
			.initializers((context) -> context.getBeanFactory().registerSingleton("lockService", service))
			.properties("server.port=0", "spring.main.banner-mode=off")
			.properties(properties)
			.logStartupInfo(false)
			.run();
	}

	static String baseUrl(ConfigurableApplicationContext application) {
		return "http://localhost:" + application.getEnvironment().getProperty("local.server.port");
	}

	@Bean
	InMemoryLockRegistry lockRegistry(InMemoryLockService lockService) {
		return new InMemoryLockRegistry(lockService);
	}

	@Bean
	@ConditionalOnProperty("test.database")
	DataSource dataSource(@Value("${test.database}") String url) {
		return new DriverManagerDataSource(url);
	}

	/** Registered as a member class of this configuration. */
	@RestController
	static class Echo {

		@GetMapping("/echo")
		List<String> echo(@RequestHeader(name = FencingTokenHeader.NAME, required = false) @Nullable List<String> tokens) {
			return (tokens != null) ? tokens : List.of();
		}

	}

}
