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

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the purchase.
 *
 * @param pauseMin shortest pause between reading the stock and writing it back
 * @param pauseMax longest pause between reading the stock and writing it back; the pause is
 * drawn at random between the two and widens the race window, as slow business logic would
 */
@ConfigurationProperties("sample.purchase")
public record PurchaseProperties(@DefaultValue("5ms") Duration pauseMin, @DefaultValue("20ms") Duration pauseMax) {

	public PurchaseProperties {
		if (pauseMin.isNegative() || pauseMax.compareTo(pauseMin) < 0) {
			throw new IllegalArgumentException("sample.purchase.pause-min must be >= 0 and <= pause-max, but were "
					+ pauseMin + " and " + pauseMax);
		}
	}

}
