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

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.distlock.sample.demo.PurchaseLoad;
import io.github.distlock.test.etcd.EtcdServerExtension;
import io.github.distlock.test.process.ProcessSignals;
import org.apache.curator.test.TestingServer;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The outside pause race on the sample as shipped (its purchase {@code fenced = true}, the stock
 * written through {@code FencedJdbc}, no fencing SQL of its own), with two instances as
 * processes on one H2 server database and one lock service. Instance A's purchase holds the
 * {@code stock} lock inside its transaction (its purchase pauses long between the read and the
 * write) when A is stopped with SIGSTOP; it stays stopped until its ZooKeeper session or etcd
 * lease has ended and instance B holds the lock, inside its own purchase. Then A goes on, and
 * would commit what it wrote (its lock-lost rollback is turned off, so that only the fences
 * stand between its late write and B's sale). Each item is sold once: the orders are exactly
 * the stock sold, their fencing tokens grow with the order id, and A's late purchase is refused
 * ({@code FENCED_OFF}) or sold before B's read, never lost under B's. With the purchase's fences
 * taken out by hand (no claim, a plain write), A's late write landed over B's: 21 orders for a
 * stock of 20.
 */
class OutsidePauseRaceTests {

	private static final int STOCK = 20;

	private static final Duration LONG = Duration.ofMinutes(3);

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final HttpClient client = HttpClient.newHttpClient();

	@TempDir
	Path logs;

	@Test
	void aHolderPausedPastItsZooKeeperSessionWhileTheNextHolderIsInsideSellsNothingTwice() throws Exception {
		try (TestingServer zookeeper = new TestingServer(true)) {
			race("zookeeper", 7101, List.of("--distributed-lock.zookeeper.embedded.enabled=false",
					"--distributed-lock.zookeeper.connect-string=" + zookeeper.getConnectString(),
					"--distributed-lock.zookeeper.session-timeout=4s"));
		}
	}

	@Test
	void aHolderPausedPastItsEtcdLeaseWhileTheNextHolderIsInsideSellsNothingTwice() throws Exception {
		race("etcd", 7102, List.of("--spring.profiles.active=etcd", "--distributed-lock.etcd.endpoints=" + etcd.endpoint(),
				"--distributed-lock.etcd.lease-ttl=3s"));
	}

	private void race(String name, long goodsNo, List<String> lockArguments) throws Exception {
		int h2Port;
		try (ServerSocket socket = new ServerSocket(0)) {
			h2Port = socket.getLocalPort();
		}
		Server h2 = Server.createTcpServer("-tcpPort", String.valueOf(h2Port), "-ifNotExists").start();
		// B's claim waits for A's transaction on the fence row while A is stopped: far longer than the pause
		String url = "jdbc:h2:tcp://127.0.0.1:" + h2Port + "/mem:outside-pause-" + name
				+ ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=300000";
		List<String> common = new ArrayList<>(List.of("--spring.datasource.url=" + url,
				"--spring.datasource.username=sa", "--spring.datasource.password="));
		common.addAll(lockArguments);
		List<String> slow = new ArrayList<>(common);
		// A's purchase sleeps between its read and its write: it is inside when it is stopped; and A
		// commits what it wrote though its lock was lost: only the fence stands between its late
		// write and B's purchase
		slow.addAll(List.of("--sample.purchase.pause-min=10s", "--sample.purchase.pause-max=10s",
				"--distributed-lock.lock-lost.rollback-transaction=false"));
		String lockKey = "\"key\":\"stock:" + goodsNo + "\"";
		try (AppProcess a = AppProcess.start(name + "-a", this.logs, slow);
				AppProcess b = AppProcess.start(name + "-b", this.logs, common);
				PurchaseLoad load = new PurchaseLoad(List.of(b.uri()))) {
			awaitServing(load, a);
			awaitServing(load, b);
			load.reset(goodsNo, STOCK);

			CompletableFuture<HttpResponse<String>> aPurchase = purchase(a, goodsNo);
			await().atMost(LONG).until(() -> heldLocks(a).contains(lockKey));
			ProcessSignals.pause(a.pid());
			CompletableFuture<HttpResponse<String>> bPurchase;
			try {
				bPurchase = purchase(b, goodsNo);
				// A holds the lock and never gave it up: B holds it once A's session or lease has ended
				await().atMost(LONG).until(() -> heldLocks(b).contains(lockKey));
			}
			finally {
				ProcessSignals.resume(a.pid());
			}
			HttpResponse<String> aAnswer = aPurchase.get(LONG.toSeconds(), TimeUnit.SECONDS);
			HttpResponse<String> bAnswer = bPurchase.get(LONG.toSeconds(), TimeUnit.SECONDS);
			System.out.println(name + ": A's late purchase answered " + aAnswer.statusCode() + " " + aAnswer.body()
					+ "; B's " + bAnswer.statusCode() + " " + bAnswer.body());
			assertThat(aAnswer.statusCode() + " " + aAnswer.body()).as("A's late purchase")
				.matches("(200|409 .*FENCED_OFF).*");
			assertThat(bAnswer.statusCode()).as("B's purchase: " + bAnswer.body()).isEqualTo(200);

			PurchaseLoad.Counts rest = load.fire(name, goodsNo, "purchase", STOCK * 2, 4);
			int sold = rest.ok() + 1 + ((aAnswer.statusCode() == 200) ? 1 : 0);
			PurchaseLoad.State state = load.state(goodsNo);
			assertThat(state.stock()).as("stock left").isZero();
			assertThat(state.orders()).as("orders").isEqualTo(STOCK);
			assertThat(sold).as("purchases answered 200").isEqualTo(STOCK);
			List<Long> tokens = JdbcClient.create(new DriverManagerDataSource(url, "sa", ""))
				.sql("SELECT fencing_token FROM goods_order WHERE goods_no = ? ORDER BY id")
				.param(goodsNo)
				.query(Long.class)
				.list();
			assertThat(tokens).as("fencing tokens by order id").doesNotHaveDuplicates().isSorted();
		}
		finally {
			h2.stop();
		}
	}

	private static void awaitServing(PurchaseLoad load, AppProcess instance) {
		await().atMost(LONG).pollInterval(Duration.ofMillis(250)).until(() -> {
			if (!instance.isAlive()) {
				throw new IllegalStateException("instance " + instance.uri() + " ended:\n" + instance.logTail());
			}
			return load.answers(instance.uri());
		});
	}

	private CompletableFuture<HttpResponse<String>> purchase(AppProcess instance, long goodsNo) {
		return this.client.sendAsync(HttpRequest.newBuilder(instance.uri().resolve("/goods-stock/" + goodsNo + "/purchase"))
			.timeout(LONG)
			.POST(HttpRequest.BodyPublishers.noBody())
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	/** The locks an instance holds, as its locks endpoint lists them (not those it waits for). */
	private String heldLocks(AppProcess instance) throws Exception {
		URI locks = instance.uri().resolve("/actuator/locks");
		String body = this.client.send(HttpRequest.newBuilder(locks).timeout(Duration.ofSeconds(10)).build(),
				HttpResponse.BodyHandlers.ofString()).body();
		int held = body.indexOf("\"held\":");
		int waiting = body.indexOf("\"waiting\":");
		return (held >= 0 && waiting > held) ? body.substring(held, waiting) : "";
	}

}
