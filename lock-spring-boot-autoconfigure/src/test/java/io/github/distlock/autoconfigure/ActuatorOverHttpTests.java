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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import io.github.distlock.actuate.LocksEndpoint;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;
import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.Leadership;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The health indicator, the {@code locks} endpoint and the lock metrics of a running web
 * application with Spring Boot Actuator, read over HTTP, against a real ZooKeeper with a second
 * client as another process. Prints the JSON it reads.
 */
class ActuatorOverHttpTests {

	private static final JsonMapper PRETTY = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private static TestingServer server;

	private static CuratorFramework otherProcess;

	private static ZookeeperLockRegistry otherRegistry;

	private static ConfigurableApplicationContext application;

	private static final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void start() throws Exception {
		server = new TestingServer(true);
		otherProcess = connectedClient(server.getConnectString());
		otherRegistry = new ZookeeperLockRegistry(otherProcess, new ZnodeLockPathResolver("/Locks"));
		application = new SpringApplicationBuilder(Application.class)
			.properties("server.port=0", "spring.main.banner-mode=off",
					"distributed-lock.zookeeper.connect-string=" + server.getConnectString(),
					"management.endpoints.web.exposure.include=health,locks,leaders,metrics",
					"distributed-lock.leader.elections=housekeeping", "distributed-lock.leader.participant-id=web-1",
					"management.endpoint.locks.access=unrestricted",
					"management.endpoint.health.show-details=always")
			.logStartupInfo(false)
			.run();
	}

	@AfterAll
	static void stop() throws Exception {
		application.close();
		otherRegistry.close();
		otherProcess.close();
		server.close();
	}

	@Test
	void locksEndpointListsTheLockHeldAndTheThreadWaitingInThisApplication() throws Exception {
		LockOperations locks = application.getBean(LockOperations.class);
		try (LockHandle contended = otherRegistry.acquire(request("stock:7"));
				LockHandle held = locks.acquire(request("stock:42"))) {
			CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> locks
				.acquire(new LockRequest("stock:7", LockType.MUTEX, Duration.ofSeconds(30), "StockService.purchase"))
				.close());
			await().until(() -> JsonPath.parse(get("/actuator/locks")).read("$.waiting.length()", Integer.class) == 1);
			DocumentContext json = JsonPath.parse(print("/actuator/locks"));
			// the application also holds the lock of its election, "leader:housekeeping"
			List<Map<String, Object>> heldHere = json.read("$.held[?(@.key == 'stock:42')]");
			assertThat(heldHere).hasSize(1);
			assertThat(heldHere.get(0)).containsEntry("key", "stock:42")
				.containsEntry("name", "StockService.purchase")
				.containsEntry("path", "/Locks/stock:42")
				.containsEntry("type", "MUTEX")
				.containsEntry("state", "HELD")
				.containsEntry("acquiredAt", held.acquiredAt().toString())
				.containsEntry("holderThread", Thread.currentThread().getName());
			assertThat(((Number) heldHere.get(0).get("fencingToken")).longValue()).isEqualTo(held.fencingToken());
			assertThat(json.read("$.waiting[0]", Map.class)).containsEntry("key", "stock:7")
				.containsEntry("path", "/Locks/stock:7")
				.containsKeys("since", "thread");
			contended.close();
			waiter.get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void locksEndpointListsTheParticipantsOfAKeyHeldByAnotherProcess() throws Exception {
		try (LockHandle held = otherRegistry.acquire(request("stock:9"))) {
			DocumentContext json = JsonPath.parse(print("/actuator/locks/stock:9"));
			assertThat(json.read("$.key", String.class)).isEqualTo("stock:9");
			assertThat(json.read("$.path", String.class)).isEqualTo("/Locks/stock:9");
			assertThat(json.read("$.type", String.class)).isEqualTo("MUTEX");
			List<String> participants = json.read("$.participants");
			assertThat(participants).singleElement()
				.satisfies((node) -> assertThat(otherProcess.checkExists().forPath(node).getCzxid())
					.isEqualTo(held.fencingToken() >> 10));
			assertThat(JsonPath.parse(get("/actuator/locks/stock:9?type=semaphore_mutex"))
				.read("$.participants.length()", Integer.class)).isZero();
		}
	}

	@Test
	void healthOfZookeeperIsUpWithItsConnectStringAndState() throws Exception {
		DocumentContext json = JsonPath.parse(print("/actuator/health/zookeeper"));
		assertThat(json.read("$.status", String.class)).isEqualTo("UP");
		assertThat(json.read("$.details.connectString", String.class)).isEqualTo(server.getConnectString());
		assertThat(json.read("$.details.state", String.class)).isEqualTo("CONNECTED");
		assertThat(json.read("$.details.locks", Map.class)).containsOnlyKeys("held", "waiting", "cached");
	}

	@Test
	void healthOfZookeeperIsDownWhileTheServerIsStoppedAndUpAfterItRestarts() throws Exception {
		server.stop();
		try {
			await().atMost(Duration.ofSeconds(30))
				.until(() -> exchange("/actuator/health/zookeeper").statusCode() == 503);
			HttpResponse<String> down = exchange("/actuator/health/zookeeper");
			System.out.println("GET /actuator/health/zookeeper (" + down.statusCode() + ")\n" + pretty(down.body()));
			assertThat(JsonPath.parse(down.body()).read("$.status", String.class)).isEqualTo("DOWN");
			assertThat(JsonPath.parse(down.body()).read("$.details.state", String.class)).isEqualTo("SUSPENDED");
		}
		finally {
			server.restart();
		}
		await().atMost(Duration.ofSeconds(30)).until(() -> exchange("/actuator/health/zookeeper").statusCode() == 200);
		assertThat(JsonPath.parse(get("/actuator/health/zookeeper")).read("$.status", String.class)).isEqualTo("UP");
	}

	@Test
	void metricsEndpointServesTheLockMeters() throws Exception {
		application.getBean(LockOperations.class).execute(request("stock:1"), () -> null);
		List<String> names = JsonPath.parse(get("/actuator/metrics")).read("$.names");
		assertThat(names).contains("distributed.lock.wait", "distributed.lock.held", "distributed.lock.active",
				"distributed.lock.pending", "distributed.lock.cached");
		DocumentContext json = JsonPath.parse(print("/actuator/metrics/distributed.lock.wait"));
		assertThat(json.read("$.availableTags[*].tag", List.class)).contains("name", "type", "outcome");
		print("/actuator/metrics/distributed.lock.held");
	}

	@Test
	void postToRevokeAsksTheHolderInAnotherProcessToGiveTheLockUp() throws Exception {
		try (LockHandle held = otherRegistry.acquire(request("job:1").withRevocable(true))) {
			HttpResponse<String> response = post("/actuator/locks/job:1/revoke");
			System.out.println("POST /actuator/locks/job:1/revoke\n" + response.body());
			assertThat(response.statusCode()).isEqualTo(200);
			DocumentContext json = JsonPath.parse(response.body());
			assertThat(json.read("$.key", String.class)).isEqualTo("job:1");
			assertThat(json.read("$.requested", Boolean.class)).isTrue();
			await().atMost(Duration.ofSeconds(10)).until(held::revocationRequested);
			assertThat(held.isHeld()).isTrue();
		}
		assertThat(JsonPath.parse(post("/actuator/locks/job:1/revoke").body()).read("$.requested", Boolean.class))
			.isFalse();
		assertThat(post("/actuator/locks/job:1").statusCode()).isEqualTo(400);
		assertThat(post("/actuator/locks/job:1/revoke", "{\"type\": \"READ\"}").statusCode()).isEqualTo(400);
		assertThatExceptionOfType(InvalidEndpointRequestException.class)
			.isThrownBy(() -> application.getBean(LocksEndpoint.class).revoke(new String[] { "job:1", "revoke" },
					LockType.READ))
			.withMessageContaining("does not support the revocation of READ locks");
	}

	@Test
	void leadersEndpointAndMetersShowThisProcessLeading() throws Exception {
		LeaderElection election = application.getBean(LeaderElections.class).election("housekeeping");
		await().atMost(Duration.ofSeconds(30)).until(election::isLeader);
		Leadership term = election.leadership().orElseThrow();
		DocumentContext json = JsonPath.parse(print("/actuator/leaders"));
		assertThat(json.read("$.participantId", String.class)).isEqualTo("web-1");
		assertThat(json.read("$.elections[0]", Map.class)).containsEntry("name", "housekeeping")
			.containsEntry("leader", true)
			.containsEntry("since", term.grantedAt().toString());
		assertThat(json.read("$.elections[0].epoch", Long.class)).isEqualTo(term.epoch());
		assertThat(json.read("$.elections[0].currentLeader", String.class)).isEqualTo("web-1");
		DocumentContext health = JsonPath.parse(print("/actuator/health/leadership"));
		assertThat(health.read("$.status", String.class)).isEqualTo("UP");
		assertThat(health.read("$.details.participantId", String.class)).isEqualTo("web-1");
		assertThat(health.read("$.details.housekeeping.leader", Boolean.class)).isTrue();
		assertThat(health.read("$.details.housekeeping.epoch", Long.class)).isEqualTo(term.epoch());
		assertThat(health.read("$.details.housekeeping.currentLeader", String.class)).isEqualTo("web-1");
		DocumentContext active = JsonPath.parse(print("/actuator/metrics/distributed.lock.leader.active?tag=election:housekeeping"));
		assertThat(active.read("$.measurements[?(@.statistic == 'ACTIVE_TASKS')].value", List.class)).containsExactly(1.0);
		DocumentContext changes = JsonPath
			.parse(get("/actuator/metrics/distributed.lock.leader.changes?tag=election:housekeeping&tag=change:granted"));
		assertThat(changes.read("$.measurements[0].value", Double.class)).isGreaterThanOrEqualTo(1.0);
	}

	private static LockRequest request(String key) {
		return new LockRequest(key, LockType.MUTEX, Duration.ofSeconds(1), "StockService.purchase");
	}

	private static HttpResponse<String> post(String path) throws Exception {
		return post(path, "{}");
	}

	private static HttpResponse<String> post(String path, String body) throws Exception {
		return http.send(HttpRequest.newBuilder(URI.create("http://localhost:"
				+ application.getEnvironment().getProperty("local.server.port") + path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static HttpResponse<String> exchange(String path) throws Exception {
		return http.send(HttpRequest.newBuilder(URI.create("http://localhost:"
				+ application.getEnvironment().getProperty("local.server.port") + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private static String get(String path) throws Exception {
		HttpResponse<String> response = exchange(path);
		assertThat(response.statusCode()).as(path).isEqualTo(200);
		return response.body();
	}

	private static String print(String path) throws Exception {
		String body = get(path);
		System.out.println("GET " + path + "\n" + pretty(body));
		return body;
	}

	private static String pretty(String json) {
		return PRETTY.writeValueAsString(PRETTY.readTree(json));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

}
