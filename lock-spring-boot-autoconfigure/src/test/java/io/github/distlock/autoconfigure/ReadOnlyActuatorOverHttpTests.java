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

package io.github.distlock.autoconfigure;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The actuator as an application exposes it without granting write access: the {@code locks}
 * endpoint refuses a revocation over HTTP, and the {@code leaders} endpoint of a follower names
 * the leader in another process. Against a real ZooKeeper, with a second client as the other
 * process.
 */
class ReadOnlyActuatorOverHttpTests {

	private static TestingServer server;

	private static CuratorFramework otherProcess;

	private static ZookeeperLockRegistry otherRegistry;

	private static LockHandle otherLeads;

	private static ConfigurableApplicationContext application;

	private static final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void start() throws Exception {
		server = new TestingServer(true);
		otherProcess = connectedClient(server.getConnectString());
		otherRegistry = new ZookeeperLockRegistry(otherProcess, new ZnodeLockPathResolver("/Locks"));
		// the other process leads "audit" before this application joins the election
		otherLeads = otherRegistry.acquire(new LockRequest("leader:audit", LockType.MUTEX, Duration.ofSeconds(5),
				"leader:audit").withOwner("web-2"));
		application = new SpringApplicationBuilder(Application.class)
			.properties("server.port=0", "spring.main.banner-mode=off",
					"distributed-lock.zookeeper.connect-string=" + server.getConnectString(),
					"management.endpoints.web.exposure.include=locks,leaders",
					"distributed-lock.leader.elections=audit", "distributed-lock.leader.participant-id=web-1")
			.logStartupInfo(false)
			.run();
	}

	@AfterAll
	static void stop() throws Exception {
		application.close();
		otherLeads.close();
		otherRegistry.close();
		otherProcess.close();
		server.close();
	}

	@Test
	void revocationOverHttpIsRefusedWithoutWriteAccessAndTheHolderIsNotAsked() throws Exception {
		try (LockHandle held = otherRegistry.acquire(new LockRequest("job:2", LockType.MUTEX, Duration.ofSeconds(1),
				"job").withRevocable(true))) {
			HttpResponse<String> refused = post("/actuator/locks/job:2/revoke");
			assertThat(refused.statusCode()).isBetween(400, 499);
			assertThat(get("/actuator/locks/job:2").statusCode()).isEqualTo(200);
			// the POST wrote nothing to the holder's node, while the same request made
			// programmatically reaches the holder
			String holderNode = otherRegistry.participants("job:2", LockType.MUTEX).iterator().next();
			assertThat(new String(otherProcess.getData().forPath(holderNode), StandardCharsets.UTF_8))
				.isNotEqualTo("__REVOKE__");
			assertThat(held.revocationRequested()).isFalse();
			assertThat(application.getBean(LockOperations.class).requestRevocation("job:2")).isTrue();
			await().atMost(Duration.ofSeconds(10)).until(held::revocationRequested);
		}
	}

	@Test
	void leadersEndpointOfAFollowerNamesTheLeaderOfAnotherProcess() throws Exception {
		HttpResponse<String> response = get("/actuator/leaders");
		assertThat(response.statusCode()).isEqualTo(200);
		DocumentContext json = JsonPath.parse(response.body());
		assertThat(json.read("$.participantId", String.class)).isEqualTo("web-1");
		assertThat(json.read("$.elections[0]", Map.class)).containsEntry("name", "audit")
			.containsEntry("leader", false)
			.containsEntry("currentLeader", "web-2");
	}

	private static HttpResponse<String> post(String path) throws Exception {
		return http.send(request(path).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{}"))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static HttpResponse<String> get(String path) throws Exception {
		return http.send(request(path).build(), HttpResponse.BodyHandlers.ofString());
	}

	private static HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(
				URI.create("http://localhost:" + application.getEnvironment().getProperty("local.server.port") + path));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

}
