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
package io.github.distlock.sample.shipping;

import io.github.distlock.fencing.http.FencingTokenHeader;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The shipping service: records a shipment per order. It does not look at locks itself: the
 * starter's filter ({@code distributed-lock.fencing.http.server.*} in application.yml) has
 * already refused a call whose fencing token is stale before this controller runs.
 */
@RestController
@RequestMapping("/shipments")
public class ShipmentController {

	private final ShipmentRepository shipments;

	public ShipmentController(ShipmentRepository shipments) {
		this.shipments = shipments;
	}

	/** Ships an order: 201, or 409 (from the fencing filter) for a stale lock holder. */
	@PostMapping("/{goodsNo}/{orderId}")
	@ResponseStatus(HttpStatus.CREATED)
	public void ship(@PathVariable long goodsNo, @PathVariable long orderId,
			@RequestHeader(name = FencingTokenHeader.NAME, required = false) @Nullable String token) {
		this.shipments.insert(goodsNo, orderId, token);
	}

	/** How many orders of an item were shipped. */
	@GetMapping("/{goodsNo}")
	public long count(@PathVariable long goodsNo) {
		return this.shipments.count(goodsNo);
	}

}
