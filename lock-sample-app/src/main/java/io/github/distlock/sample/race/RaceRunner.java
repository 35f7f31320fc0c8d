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

package io.github.distlock.sample.race;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.sample.GoodsStockRepository;
import io.github.distlock.sample.GoodsStockService;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Service;

/**
 * Runs one race at a time, in the background: the item's stock is reset, then every buyer is
 * sent at once (up to {@value #MAX_BUYER_THREADS} in flight), spread round-robin over the
 * instances, while the stock and each instance's orders are sampled every 50 ms for the chart.
 */
@Service
public class RaceRunner implements DisposableBean {

	private static final Log logger = LogFactory.getLog(RaceRunner.class);

	/** The item the page races on, apart from the demo's. */
	static final long GOODS_NO = 4242;

	private static final int MAX_BUYER_THREADS = 200;

	private final GoodsStockService stock;

	private final GoodsStockRepository repository;

	private final RaceLockClients lockClients;

	private final ExecutorService runner = Executors.newSingleThreadExecutor((task) -> new Thread(task, "race"));

	private final ScheduledExecutorService sampler = Executors
		.newSingleThreadScheduledExecutor((task) -> new Thread(task, "race-sampler"));

	private final AtomicBoolean running = new AtomicBoolean();

	private final AtomicReference<RaceView> current = new AtomicReference<>(new RaceView("IDLE", null, List.of(), null));

	public RaceRunner(GoodsStockService stock, GoodsStockRepository repository, RaceLockClients lockClients) {
		this.stock = stock;
		this.repository = repository;
		this.lockClients = lockClients;
	}

	/**
	 * Starts a race.
	 * @param request the race
	 * @return whether it started: {@code false} while another one runs
	 */
	public boolean start(RaceRequest request) {
		if (!this.running.compareAndSet(false, true)) {
			return false;
		}
		this.current.set(new RaceView("RUNNING", request, List.of(), null));
		this.runner.execute(() -> {
			try {
				run(request);
			}
			catch (Exception ex) {
				logger.error("The race failed", ex);
				this.current.set(new RaceView("FAILED", request, this.current.get().samples(), null));
			}
			finally {
				this.running.set(false);
			}
		});
		return true;
	}

	/**
	 * The race now.
	 * @return the current or last race
	 */
	public RaceView current() {
		return this.current.get();
	}

	private void run(RaceRequest request) throws Exception {
		this.stock.reset(GOODS_NO, request.stock(), true);
		List<RaceInstance> instances = new ArrayList<>();
		List<RaceView.Sample> samples = new CopyOnWriteArrayList<>();
		try {
			for (int i = 0; i < request.instances(); i++) {
				RaceLockClients.Client client = request.locked() ? this.lockClients.newClient() : null;
				instances.add(new RaceInstance(this.stock, (client != null) ? client.locks() : null,
						(client != null) ? client.closeable() : null));
			}
			long start = System.nanoTime();
			ScheduledFuture<?> sampling = this.sampler.scheduleAtFixedRate(() -> {
				samples.add(sample(instances, start));
				this.current.set(new RaceView("RUNNING", request, List.copyOf(samples), null));
			}, 0, 50, TimeUnit.MILLISECONDS);
			ExecutorService buyers = Executors.newFixedThreadPool(Math.min(request.buyers(), MAX_BUYER_THREADS));
			try {
				for (int b = 0; b < request.buyers(); b++) {
					RaceInstance instance = instances.get(b % instances.size());
					buyers.execute(() -> instance.buy(GOODS_NO));
				}
			}
			finally {
				buyers.shutdown();
				buyers.awaitTermination(5, TimeUnit.MINUTES);
				sampling.cancel(false);
			}
			long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
			samples.add(sample(instances, start));
			this.current.set(new RaceView("DONE", request, List.copyOf(samples), result(request, instances, millis)));
		}
		finally {
			for (RaceInstance instance : instances) {
				instance.close();
			}
		}
	}

	private RaceView.Sample sample(List<RaceInstance> instances, long start) {
		int stockNow = this.repository.findStock(GOODS_NO).orElse(0);
		return new RaceView.Sample(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), stockNow,
				instances.stream().map((instance) -> instance.ok.get()).toList());
	}

	private RaceView.Result result(RaceRequest request, List<RaceInstance> instances, long millis) {
		int ok = instances.stream().mapToInt((instance) -> instance.ok.get()).sum();
		int soldOut = instances.stream().mapToInt((instance) -> instance.soldOut.get()).sum();
		int lockErrors = instances.stream().mapToInt((instance) -> instance.lockErrors.get()).sum();
		int other = instances.stream().mapToInt((instance) -> instance.other.get()).sum();
		long orders = this.repository.countOrders(GOODS_NO);
		int finalStock = this.repository.findStock(GOODS_NO).orElse(0);
		long oversold = Math.max(0, orders - request.stock());
		long lostUpdates = Math.max(0, orders - (request.stock() - finalStock));
		return new RaceView.Result(request.buyers(), ok, soldOut, lockErrors, other, orders, finalStock, oversold,
				lostUpdates, request.locked() ? fencingTokens() : "none: no lock", millis);
	}

	private String fencingTokens() {
		List<Long> tokens = this.repository.fencingTokensByOrderId(GOODS_NO);
		for (int i = 1; i < tokens.size(); i++) {
			if (tokens.get(i) == null || tokens.get(i - 1) == null || tokens.get(i) <= tokens.get(i - 1)) {
				return "BROKEN at order " + (i + 1);
			}
		}
		return "in order: " + tokens.size() + " tokens increasing with the order id";
	}

	@Override
	public void destroy() {
		this.runner.shutdownNow();
		this.sampler.shutdownNow();
	}

}
