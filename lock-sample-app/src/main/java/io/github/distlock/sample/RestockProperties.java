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
 * The restock job: off unless enabled, so that the oversell race counts only purchases.
 *
 * @param enabled whether every instance schedules the job (only the leader of the
 * {@code restock} election runs it)
 * @param interval the delay between two runs
 * @param goodsNo the goods to restock
 * @param level the stock a run fills the goods up to
 */
@ConfigurationProperties("sample.restock")
public record RestockProperties(@DefaultValue("false") boolean enabled, @DefaultValue("10s") Duration interval,
		@DefaultValue("1") long goodsNo, @DefaultValue("100") int level) {

	public RestockProperties {
		if (level < 0) {
			throw new IllegalArgumentException("sample.restock.level must not be negative, but was " + level);
		}
	}

}
