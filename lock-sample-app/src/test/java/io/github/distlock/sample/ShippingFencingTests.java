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

import io.github.distlock.sample.shipping.ShipmentRepository;
import io.github.distlock.sample.shipping.ShippingPort;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shop's purchase ships each order through the shipping service over HTTP, from inside its
 * lock, with the lock's fencing token in a {@code Lock-Fencing-Token} header (the starter's
 * RestClient interceptor); the shipping service (the starter's filter over the JDBC marks)
 * refuses a token lower than the highest it took for the key. A purchase whose token the
 * shipping service refuses is rolled back and answered 409 {@code FENCED_OFF}: no stock taken, no
 * order, no shipment. Runs the app as configured by default (embedded ZooKeeper, in-memory H2).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:shipping;DB_CLOSE_DELAY=-1", "sample.purchase.pause-min=0ms",
				"sample.purchase.pause-max=0ms" })
class ShippingFencingTests {

	private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Autowired
	private ShippingPort shippingPort;

	@Autowired
	private ShipmentRepository shipments;

	@Test
	void eachOrderIsShippedWithItsLocksTokenOnThePortOfTheShippingService() throws Exception {
		send("/goods-stock/11?stock=2", "PUT", this.port, null);
		HttpResponse<String> first = send("/goods-stock/11/purchase", "POST", this.port, null);
		HttpResponse<String> second = send("/goods-stock/11/purchase", "POST", this.port, null);
		assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
		assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
		assertThat(this.shippingPort.port()).isNotEqualTo(this.port);
		assertThat(send("/shipments/11", "GET", this.shippingPort.port(), null).body()).isEqualTo("2");
		assertThat(this.shipments.tokensOf(11)).containsExactly("stock:11=" + token(first), "stock:11=" + token(second));
	}

	@Test
	void aTokenLowerThanTheHighestTheShippingServiceTookIsRefusedWith409NamingIt() throws Exception {
		send("/goods-stock/12?stock=1", "PUT", this.port, null);
		assertThat(send("/shipments/12/1", "POST", this.shippingPort.port(), "stock:12=500").statusCode()).isEqualTo(201);
		HttpResponse<String> stale = send("/shipments/12/2", "POST", this.shippingPort.port(), "stock:12=499");
		assertThat(stale.statusCode()).isEqualTo(409);
		assertThat(stale.body()).contains("\"key\":\"stock:12\"", "\"token\":499", "\"mark\":500");
		assertThat(send("/shipments/12", "GET", this.shippingPort.port(), null).body()).isEqualTo("1");
	}

	/**
	 * A newer holder of the lock has shipped with a far greater token (here, sent by hand): the
	 * purchase's own shipping call is refused, and its transaction with it.
	 */
	@Test
	void aPurchaseWhoseShipmentIsRefusedIsRolledBackAndAnswered409FencedOff() throws Exception {
		send("/goods-stock/13?stock=3", "PUT", this.port, null);
		assertThat(send("/shipments/13/1", "POST", this.shippingPort.port(), "stock:13=" + (Long.MAX_VALUE / 2))
			.statusCode()).isEqualTo(201);
		HttpResponse<String> refused = send("/goods-stock/13/purchase", "POST", this.port, null);
		assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
		assertThat(refused.body()).contains("\"code\":\"FENCED_OFF\"", "stock:13");
		assertThat(send("/goods-stock/13", "GET", this.port, null).body()).contains("\"stock\":3", "\"sold\":0");
		assertThat(send("/shipments/13", "GET", this.shippingPort.port(), null).body()).isEqualTo("1");
	}

	private static String token(HttpResponse<String> order) {
		java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("\"fencingToken\":(\\d+)").matcher(order.body());
		assertThat(matcher.find()).as(order.body()).isTrue();
		return matcher.group(1);
	}

	private HttpResponse<String> send(String path, String method, int port, String fencingToken) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
			.timeout(Duration.ofSeconds(30))
			.method(method, HttpRequest.BodyPublishers.noBody());
		if (fencingToken != null) {
			request.header("Lock-Fencing-Token", fencingToken);
		}
		return this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

}
