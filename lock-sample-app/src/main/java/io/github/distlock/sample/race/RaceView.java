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

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A race as the page shows it: while it runs and once it is over.
 *
 * @param state {@code IDLE}, {@code RUNNING} or {@code DONE}
 * @param request what was asked for, or {@code null} before the first race
 * @param samples stock and orders per instance over time
 * @param result the final table, once the race is over
 */
public record RaceView(String state, @Nullable RaceRequest request, List<Sample> samples, @Nullable Result result) {

	/**
	 * One point of the chart.
	 *
	 * @param millis time since the start
	 * @param stock the stock in the database
	 * @param orders orders by instance so far
	 */
	public record Sample(long millis, int stock, List<Integer> orders) {
	}

	/**
	 * The final table.
	 *
	 * @param requests purchases sent
	 * @param ok purchases that succeeded
	 * @param soldOut purchases answered sold out
	 * @param lockErrors purchases that failed on the lock (timeout, lock service)
	 * @param other other failures
	 * @param orders orders recorded in the database
	 * @param finalStock the stock at the end
	 * @param oversold orders beyond the initial stock
	 * @param lostUpdates sales whose decrement another overwrote
	 * @param fencingTokens what the orders' fencing tokens show
	 * @param millis how long the race took
	 */
	public record Result(int requests, int ok, int soldOut, int lockErrors, int other, long orders, int finalStock,
			long oversold, long lostUpdates, String fencingTokens, long millis) {
	}

}
