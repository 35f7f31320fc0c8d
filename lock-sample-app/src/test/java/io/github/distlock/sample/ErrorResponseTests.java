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
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every answer other than 200 is a JSON {@link ApiError} without a stack trace. Runs the app as
 * configured by default (embedded ZooKeeper, in-memory H2), with a short lock wait.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "distributed-lock.default-wait-time=300ms", "spring.datasource.url=jdbc:h2:mem:errors;DB_CLOSE_DELAY=-1",
				"sample.purchase.pause-min=0ms", "sample.purchase.pause-max=0ms" })
class ErrorResponseTests {

	private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Autowired
	private LockOperations locks;

	@Autowired
	private JdbcClient jdbc;

	@Test
	void purchaseAnswersTheOrderWithItsFencingToken() throws Exception {
		put("/goods-stock/1?stock=2");
		HttpResponse<String> first = post("/goods-stock/1/purchase");
		HttpResponse<String> second = post("/goods-stock/1/purchase");
		assertThat(first.statusCode()).isEqualTo(200);
		assertThat(first.body()).contains("\"goodsNo\":1", "\"remainingStock\":1");
		long firstToken = Long.parseLong(field(first, "fencingToken"));
		long secondToken = Long.parseLong(field(second, "fencingToken"));
		assertThat(firstToken).isPositive();
		assertThat(secondToken).isGreaterThan(firstToken);
		assertThat(get("/goods-stock/1").body()).contains("\"stock\":0", "\"sold\":2");
	}

	@Test
	void unknownGoodsAre404() throws Exception {
		assertError(post("/goods-stock/424242/purchase"), 404, "NOT_FOUND");
		assertError(post("/goods-stock/424242/purchase-unlocked"), 404, "NOT_FOUND");
		assertError(get("/goods-stock/424242"), 404, "NOT_FOUND");
	}

	@Test
	void inactiveGoodsAre404() throws Exception {
		put("/goods-stock/2?stock=5&active=false");
		assertError(post("/goods-stock/2/purchase"), 404, "NOT_FOUND");
		assertError(post("/goods-stock/2/purchase-unlocked"), 404, "NOT_FOUND");
	}

	@Test
	void soldOutIs409() throws Exception {
		put("/goods-stock/3?stock=1");
		assertThat(post("/goods-stock/3/purchase").statusCode()).isEqualTo(200);
		assertError(post("/goods-stock/3/purchase"), 409, "SOLD_OUT");
		assertError(post("/goods-stock/3/purchase-unlocked"), 409, "SOLD_OUT");
		assertThat(get("/goods-stock/3").body()).contains("\"stock\":0", "\"sold\":1");
	}

	@Test
	void lockNotHadInTimeIs423() throws Exception {
		put("/goods-stock/7?stock=5");
		HttpResponse<String> response;
		long start = System.nanoTime();
		// Held by this thread; the request runs on a server thread and waits 300ms for it.
		try (LockHandle held = this.locks.acquire("stock:7", Duration.ZERO)) {
			assertThat(held.isHeld()).isTrue();
			response = post("/goods-stock/7/purchase");
		}
		Duration waited = Duration.ofNanos(System.nanoTime() - start);
		assertError(response, 423, "LOCK_TIMEOUT");
		assertThat(waited).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		assertThat(get("/goods-stock/7").body()).contains("\"stock\":5", "\"sold\":0");
		// Released: the next purchase gets it.
		assertThat(post("/goods-stock/7/purchase").statusCode()).isEqualTo(200);
	}

	@Test
	void purchaseWhoseClaimIsRefusedChangesNothing() throws Exception {
		put("/goods-stock/8?stock=5");
		// As if a later lock holder had claimed the row already: this purchase's token is lower.
		this.jdbc.sql("UPDATE goods_stock SET fence = ? WHERE goods_no = 8").param(Long.MAX_VALUE).update();
		assertError(post("/goods-stock/8/purchase"), 409, "FENCED_OFF");
		assertThat(get("/goods-stock/8").body()).contains("\"stock\":5", "\"sold\":0");
	}

	@Test
	void badGoodsNumberIs400() throws Exception {
		assertError(post("/goods-stock/abc/purchase"), 400, "BAD_REQUEST");
		assertError(post("/goods-stock/99999999999999999999/purchase"), 400, "BAD_REQUEST");
		assertError(put("/goods-stock/9?stock=-1"), 400, "BAD_REQUEST");
		assertError(put("/goods-stock/9"), 400, "BAD_REQUEST");
	}

	@Test
	void unknownPathAndWrongMethodAreJsonToo() throws Exception {
		assertError(get("/no-such-thing"), 404, "NOT_FOUND");
		assertError(send(HttpRequest.newBuilder(uri("/goods-stock/1")).DELETE()), 405, "METHOD_NOT_ALLOWED");
	}

	private static void assertError(HttpResponse<String> response, int status, String code) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/json"));
		assertThat(response.body()).startsWith("{")
			.contains("\"status\":" + status, "\"code\":\"" + code + "\"", "\"message\":", "\"error\":")
			.doesNotContain("\tat ", "\\tat ", ".java:", "\"trace\"", "Exception:");
	}

	private static String field(HttpResponse<String> response, String name) {
		java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("\"" + name + "\":(-?\\d+)")
			.matcher(response.body());
		assertThat(matcher.find()).as(response.body()).isTrue();
		return matcher.group(1);
	}

	private HttpResponse<String> get(String path) throws Exception {
		return send(HttpRequest.newBuilder(uri(path)).GET());
	}

	private HttpResponse<String> post(String path) throws Exception {
		return send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()));
	}

	private HttpResponse<String> put(String path) throws Exception {
		return send(HttpRequest.newBuilder(uri(path)).PUT(HttpRequest.BodyPublishers.noBody()));
	}

	private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
		return this.client.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

}
