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

package io.github.distlock.sample.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fires concurrent purchases at one or more app instances (round-robin) and counts the answers.
 * Used by {@link OversellDemo} and by the sample's race tests.
 */
public final class PurchaseLoad implements AutoCloseable {

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(90);

	private final List<URI> instances;

	private final HttpClient client;

	/**
	 * @param instances base URIs of the instances, e.g. {@code http://127.0.0.1:8080}
	 */
	public PurchaseLoad(List<URI> instances) {
		if (instances.isEmpty()) {
			throw new IllegalArgumentException("No instance to send purchases to");
		}
		this.instances = List.copyOf(instances);
		this.client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(10))
			.build();
	}

	/**
	 * Sends {@code requests} purchases, at most {@code concurrency} in flight at a time (all of
	 * them at once when it is at least {@code requests}), spread round-robin over the instances.
	 * Requests are sent asynchronously, so concurrency costs connections, not threads. It blocks
	 * while they are in flight: do not call it on the common {@code ForkJoinPool} (on JDK 25, with
	 * its one worker on two cores, that starved the HttpClient and the run stalled).
	 * @param label the name of the run
	 * @param goodsNo the item
	 * @param endpoint {@code purchase} or {@code purchase-unlocked}
	 * @param requests how many purchases
	 * @param concurrency how many in flight at most
	 * @return the counts
	 */
	public Counts fire(String label, long goodsNo, String endpoint, int requests, int concurrency)
			throws InterruptedException {
		AtomicInteger ok = new AtomicInteger();
		AtomicInteger soldOut = new AtomicInteger();
		AtomicInteger lockFailures = new AtomicInteger();
		AtomicInteger other = new AtomicInteger();
		Map<String, Integer> otherKinds = new ConcurrentSkipListMap<>();
		Semaphore inFlight = new Semaphore(Math.max(1, concurrency));
		CountDownLatch answered = new CountDownLatch(requests);
		long start = System.nanoTime();
		for (int i = 0; i < requests; i++) {
			URI uri = this.instances.get(i % this.instances.size()).resolve("/goods-stock/" + goodsNo + "/" + endpoint);
			inFlight.acquire();
			this.client
				.sendAsync(HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT).POST(HttpRequest.BodyPublishers.noBody())
					.build(), HttpResponse.BodyHandlers.ofString())
				.whenComplete((response, failure) -> {
					try {
						String kind = classify(response, failure, ok, soldOut, lockFailures);
						if (kind != null) {
							other.incrementAndGet();
							otherKinds.merge(kind, 1, Integer::sum);
						}
					}
					finally {
						inFlight.release();
						answered.countDown();
					}
				});
		}
		if (!answered.await(REQUEST_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS)) {
			throw new IllegalStateException(answered.getCount() + " purchases of run '" + label + "' got no answer");
		}
		Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
		return new Counts(label, requests, ok.get(), soldOut.get(), lockFailures.get(), other.get(),
				Map.copyOf(otherKinds), elapsed);
	}

	/**
	 * Counts an answer.
	 * @return the kind of an answer that is none of the expected ones, or {@code null}
	 */
	private static String classify(HttpResponse<String> response, Throwable failure, AtomicInteger ok,
			AtomicInteger soldOut, AtomicInteger lockFailures) {
		if (failure != null) {
			Throwable cause = (failure instanceof CompletionException && failure.getCause() != null)
					? failure.getCause() : failure;
			return cause.getClass().getSimpleName();
		}
		int status = response.statusCode();
		String code = field(response.body(), "code");
		if (status == 200) {
			ok.incrementAndGet();
			return null;
		}
		if (status == 409 && "SOLD_OUT".equals(code)) {
			soldOut.incrementAndGet();
			return null;
		}
		if (status == 423 || status == 503) {
			lockFailures.incrementAndGet();
			return null;
		}
		return status + ((code != null) ? " " + code : "");
	}

	/**
	 * Creates or resets the item through the first instance.
	 */
	public void reset(long goodsNo, int stock) throws IOException, InterruptedException {
		URI uri = this.instances.get(0).resolve("/goods-stock/" + goodsNo + "?stock=" + stock);
		HttpResponse<String> response = this.client.send(
				HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT).PUT(HttpRequest.BodyPublishers.noBody()).build(),
				HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IOException("Reset of goods " + goodsNo + " failed: " + response.statusCode() + " "
					+ response.body());
		}
	}

	/**
	 * Reads the item's stock and order count through the first instance.
	 */
	public State state(long goodsNo) throws IOException, InterruptedException {
		URI uri = this.instances.get(0).resolve("/goods-stock/" + goodsNo);
		HttpResponse<String> response = this.client.send(
				HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		String stock = field(response.body(), "stock");
		String sold = field(response.body(), "sold");
		if (response.statusCode() != 200 || stock == null || sold == null) {
			throw new IOException("Reading goods " + goodsNo + " failed: " + response.statusCode() + " "
					+ response.body());
		}
		return new State(Integer.parseInt(stock), Long.parseLong(sold));
	}

	/**
	 * Whether the instance answers HTTP (any status).
	 */
	public boolean answers(URI instance) {
		try {
			this.client.send(HttpRequest.newBuilder(instance.resolve("/goods-stock/0"))
				.timeout(Duration.ofSeconds(2))
				.GET()
				.build(), HttpResponse.BodyHandlers.discarding());
			return true;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** A string or number field of a flat JSON object, or null. */
	static String field(String json, String name) {
		if (json == null) {
			return null;
		}
		Matcher matcher = Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*(\"([^\"]*)\"|(-?\\d+))")
			.matcher(json);
		if (!matcher.find()) {
			return null;
		}
		return (matcher.group(2) != null) ? matcher.group(2) : matcher.group(3);
	}

	@Override
	public void close() {
		// java.net.http.HttpClient is AutoCloseable from Java 21 only; its threads are daemons.
	}

	/**
	 * The answers of one run.
	 *
	 * @param run the name of the run
	 * @param requests the purchases sent
	 * @param ok 200 answers
	 * @param soldOut 409 SOLD_OUT answers
	 * @param lockFailures 423 (lock not had in time) and 503 (ZooKeeper unavailable) answers
	 * @param other every other answer or failure
	 * @param otherKinds the other answers by status and code, or exception
	 * @param elapsed wall-clock time of the run
	 */
	public record Counts(String run, int requests, int ok, int soldOut, int lockFailures, int other,
			Map<String, Integer> otherKinds, Duration elapsed) {
	}

	/**
	 * The state of the item after a run.
	 *
	 * @param stock the stock left
	 * @param orders the orders recorded
	 */
	public record State(int stock, long orders) {

		/** Orders beyond the initial stock. */
		public long oversold(int initialStock) {
			return Math.max(0, this.orders - initialStock);
		}

		/** Orders whose stock decrement was overwritten: orders - (initial - final stock). */
		public long lostUpdates(int initialStock) {
			return this.orders - (initialStock - this.stock);
		}

	}

}
