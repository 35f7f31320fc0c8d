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

package io.github.distlock.core;

import java.util.concurrent.CompletionStage;

/**
 * A lock owned by an asynchronous execution (a {@code CompletionStage}, a Reactor publisher)
 * rather than by a thread: any thread may close it, no thread is interrupted for it, and its end
 * can be awaited.
 *
 * @since 0.1.0
 */
public interface AsyncLockHandle extends LockHandle {

	/**
	 * The end of the hold: completes with {@link LockState#LOST} as soon as the lock is lost
	 * (the session or lease behind it ended, or it was given up past its {@code maxHold}), or
	 * with {@link LockState#RELEASED} once it is closed. Its dependents run on a thread of the
	 * engine, never on the lock service client's.
	 * @return the state the lock ended in
	 */
	CompletionStage<LockState> whenEnded();

}
