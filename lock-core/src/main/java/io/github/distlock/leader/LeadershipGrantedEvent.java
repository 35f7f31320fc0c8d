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

package io.github.distlock.leader;

import org.springframework.context.ApplicationEvent;

/**
 * Published when this process becomes leader of an election.
 *
 * @since 0.1.0
 */
public class LeadershipGrantedEvent extends ApplicationEvent {

	private static final long serialVersionUID = 1L;

	private final Leadership leadership;

	/**
	 * @param source the elections
	 * @param leadership the term that begins
	 */
	public LeadershipGrantedEvent(Object source, Leadership leadership) {
		super(source);
		this.leadership = leadership;
	}

	/**
	 * The term that begins.
	 * @return the leadership
	 */
	public Leadership getLeadership() {
		return this.leadership;
	}

}
