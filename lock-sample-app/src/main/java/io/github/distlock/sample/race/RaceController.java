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

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The race page's API: start a race, and read it while it runs.
 */
@RestController
@RequestMapping("/race")
public class RaceController {

	private final RaceRunner runner;

	public RaceController(RaceRunner runner) {
		this.runner = runner;
	}

	@PostMapping("/runs")
	public ResponseEntity<RaceView> start(@RequestBody RaceRequest request) {
		if (!this.runner.start(request)) {
			return ResponseEntity.status(HttpStatus.CONFLICT).body(this.runner.current());
		}
		return ResponseEntity.status(HttpStatus.ACCEPTED).body(this.runner.current());
	}

	@GetMapping("/runs/current")
	public RaceView current() {
		return this.runner.current();
	}

}
