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
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample exposes the ZooKeeper health, the lock metrics and the locks endpoint.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:actuator;DB_CLOSE_DELAY=-1", "sample.purchase.pause-min=0ms",
				"sample.purchase.pause-max=0ms" })
class ActuatorTests {

	private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Autowired
	private LockOperations locks;

	@Test
	void zookeeperHealthIsUp() throws Exception {
		HttpResponse<String> health = send("GET", "/actuator/health/zookeeper");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat(health.body()).contains("\"status\":\"UP\"", "\"connectString\":\"127.0.0.1:");
	}

	@Test
	void purchasesShowInTheLockMetricsTaggedByMethod() throws Exception {
		send("PUT", "/goods-stock/11?stock=3");
		assertThat(send("POST", "/goods-stock/11/purchase").statusCode()).isEqualTo(200);
		HttpResponse<String> metric = send("GET",
				"/actuator/metrics/distributed.lock.wait?tag=name:GoodsStockService.purchase&tag=outcome:acquired");
		assertThat(metric.statusCode()).isEqualTo(200);
		assertThat(metric.body()).contains("\"statistic\":\"COUNT\"");
		assertThat(send("GET", "/actuator/metrics/distributed.lock.acquired").body()).contains("GoodsStockService.purchase");
	}

	@Test
	void locksEndpointListsAHeldLockAndItsParticipants() throws Exception {
		try (LockHandle held = this.locks.acquire("stock:12", Duration.ofSeconds(5))) {
			HttpResponse<String> locks = send("GET", "/actuator/locks");
			assertThat(locks.statusCode()).isEqualTo(200);
			assertThat(locks.body()).contains("\"key\":\"stock:12\"", "\"fencingToken\":" + held.fencingToken());
			HttpResponse<String> participants = send("GET", "/actuator/locks/stock:12");
			assertThat(participants.statusCode()).isEqualTo(200);
			assertThat(participants.body()).contains("/Locks/stock:12/");
		}
	}

	private HttpResponse<String> send(String method, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.method(method, HttpRequest.BodyPublishers.noBody())
			.build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
