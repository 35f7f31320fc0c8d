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

package io.github.distlock.interceptor;

import java.util.function.Supplier;

import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.NotLeaderException;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.support.AopUtils;

/**
 * Runs a {@code @LeaderOnly} method as the leader of its election, or skips it where this
 * process does not lead. A method whose work completes through what it returns (a
 * {@code CompletionStage}, a {@code Mono} or another {@code Publisher}, a Kotlin
 * {@code suspend} function) is called when the work starts (when a publisher is subscribed to)
 * if the process leads then, and its result ends with {@code LeadershipLostException} if the
 * term ended before the work did; where it does not lead, the result is empty.
 *
 * @since 0.1.0
 */
public class LeaderOnlyInterceptor implements MethodInterceptor {

	private final LeaderOnlySource source;

	private final Supplier<LeaderElections> elections;

	/**
	 * @param source the {@code @LeaderOnly} methods
	 * @param elections the process's elections, looked up at the first call
	 */
	public LeaderOnlyInterceptor(LeaderOnlySource source, Supplier<LeaderElections> elections) {
		this.source = source;
		this.elections = elections;
	}

	@Override
	public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
		Object target = invocation.getThis();
		LeaderOnlySource.LeaderOnlyMethod leaderOnly = this.source.find(invocation.getMethod(),
				(target != null) ? AopUtils.getTargetClass(target) : null);
		if (leaderOnly == null) {
			return invocation.proceed();
		}
		LeaderElection election = this.elections.get().election(leaderOnly.election());
		if (leaderOnly.asyncReturn() == AsyncReturn.COMPLETION_STAGE) {
			return AsyncLeaderWork.completionStage(election, invocation);
		}
		if (leaderOnly.asyncReturn() != AsyncReturn.NONE) {
			return ReactiveLeaderWork.publisher(leaderOnly.asyncReturn(), election, invocation);
		}
		if (!election.isLeader()) {
			return leaderOnly.skipValue().get();
		}
		try {
			return election.executeAsLeader((leadership) -> {
				try {
					return invocation.proceed();
				}
				catch (Throwable ex) {
					throw new InvocationFailure(ex);
				}
			});
		}
		catch (NotLeaderException ex) {
			return leaderOnly.skipValue().get();
		}
		catch (InvocationFailure failure) {
			throw failure.getCause();
		}
	}

	private static final class InvocationFailure extends RuntimeException {

		private static final long serialVersionUID = 1L;

		InvocationFailure(Throwable cause) {
			super(null, cause, false, false);
		}

	}

}
