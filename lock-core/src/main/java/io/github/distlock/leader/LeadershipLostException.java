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

import io.github.distlock.core.DistributedLockException;

/**
 * Leadership was revoked while work was done as the leader: another participant may have led
 * meanwhile, so the work's effects are to be treated as a deposed leader's.
 *
 * @since 0.1.0
 */
public class LeadershipLostException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	private final Leadership leadership;

	private final RevocationReason reason;

	public LeadershipLostException(Leadership leadership, RevocationReason reason) {
		super("Leadership of election '" + leadership.election() + "' (epoch " + leadership.epoch()
				+ ") was revoked (" + reason + ") while work was done as its leader");
		this.leadership = leadership;
		this.reason = reason;
	}

	/**
	 * The term that was revoked.
	 * @return the leadership
	 */
	public Leadership getLeadership() {
		return this.leadership;
	}

	/**
	 * Why it was revoked.
	 * @return the reason
	 */
	public RevocationReason getReason() {
		return this.reason;
	}

}
