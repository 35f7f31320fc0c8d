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

/**
 * What a participant of a selector-mode election does while it leads: leadership ends when it
 * returns, and the participant queues again. It runs on a thread of the election, which is
 * interrupted when leadership is revoked; the election's lock is kept until it returns, so a
 * task that ignores the interrupt delays the next leader rather than run beside it.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface LeaderTask {

	/**
	 * Leads.
	 * @param leadership the term
	 * @throws Exception ends the term like a return (it is logged)
	 */
	void lead(Leadership leadership) throws Exception;

}
