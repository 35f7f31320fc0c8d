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
package io.github.distlock.docs.guarantees;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockState;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.stereotype.Component;

// tag::listener[]
@Component
class LockLossAlarm implements LockListener {

	private static final Log logger = LogFactory.getLog(LockLossAlarm.class);

	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		if (current == LockState.LOST) {
			logger.error("Lost lock " + lock.key() + " (token " + lock.fencingToken() + "), held by "
					+ lock.holderThread());
		}
	}

}
// end::listener[]
