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

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LeaderOnly;
import io.github.distlock.leader.LeaderContext;
import io.github.distlock.leader.Leadership;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Fills the stock up on a schedule. Every instance schedules it; {@code @LeaderOnly} runs it on
 * the leader of the {@code restock} election and skips it elsewhere, and the restock itself
 * takes the goods' lock, as a purchase does.
 */
@Component
@EnableScheduling
@ConditionalOnBooleanProperty("sample.restock.enabled")
public class RestockJob {

	private static final Log logger = LogFactory.getLog(RestockJob.class);

	private final GoodsStockService stock;

	private final RestockProperties properties;

	private final AtomicInteger runs = new AtomicInteger();

	public RestockJob(GoodsStockService stock, RestockProperties properties) {
		this.stock = stock;
		this.properties = properties;
	}

	/**
	 * One run, on the leader only.
	 * @return the term it ran in, or empty where it was skipped
	 */
	@Scheduled(fixedDelayString = "${sample.restock.interval:10s}")
	@LeaderOnly("restock")
	public Optional<Leadership> restock() {
		Leadership term = LeaderContext.current();
		int added = this.stock.restock(this.properties.goodsNo(), this.properties.level());
		this.runs.incrementAndGet();
		if (added > 0) {
			logger.info("Restocked goods " + this.properties.goodsNo() + " with " + added + " as leader "
					+ ((term != null) ? term.participantId() + " (epoch " + term.epoch() + ")" : "?"));
		}
		return Optional.ofNullable(term);
	}

	/**
	 * How often this instance ran the job.
	 * @return the runs, skipped ones not counted
	 */
	public int runs() {
		return this.runs.get();
	}

}
