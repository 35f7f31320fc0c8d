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

/**
 * A race as the page asks for it.
 *
 * @param locked whether the buyers purchase under the lock
 * @param instances how many instances the buyers are spread over (1 to 5)
 * @param buyers how many buyers (1 to 3000), all sent at once
 * @param stock the stock at the start (1 to 1000)
 */
public record RaceRequest(boolean locked, int instances, int buyers, int stock) {

	public RaceRequest {
		check("instances", instances, 1, 5);
		check("buyers", buyers, 1, 3000);
		check("stock", stock, 1, 1000);
	}

	private static void check(String name, int value, int min, int max) {
		if (value < min || value > max) {
			throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", but was " + value);
		}
	}

}
