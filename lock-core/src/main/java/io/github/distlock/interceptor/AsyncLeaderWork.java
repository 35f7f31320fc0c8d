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

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.Leadership;
import io.github.distlock.leader.LeadershipLostException;
import io.github.distlock.leader.RevocationReason;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

/**
 * {@code @LeaderOnly} work that completes through a {@code CompletionStage}: started only in a
 * term of leadership, cancelled and failed with {@link LeadershipLostException} when that term
 * ends before the stage completed.
 */
final class AsyncLeaderWork {

	private AsyncLeaderWork() {
	}

	@SuppressWarnings("unchecked")
	static CompletableFuture<Object> completionStage(LeaderElection election, MethodInvocation invocation)
			throws Throwable {
		Optional<Leadership> term = election.leadership();
		if (term.isEmpty()) {
			return CompletableFuture.completedFuture(null);
		}
		CompletableFuture<RevocationReason> termEnd = election.whenEnded(term.get()).toCompletableFuture();
		if (termEnd.isDone()) {
			// the term ended already: the work is not started
			return CompletableFuture.completedFuture(null);
		}
		Object stage;
		try {
			stage = invocation.proceed();
		}
		catch (Throwable ex) {
			termEnd.cancel(false);
			throw ex;
		}
		CompletionStage<Object> work = (stage != null) ? (CompletionStage<Object>) stage
				: CompletableFuture.completedFuture(null);
		CompletableFuture<Object> result = new CompletableFuture<>();
		AtomicReference<@Nullable LeadershipLostException> ended = new AtomicReference<>();
		// not on the election's notifier thread, which every election's events share
		termEnd.thenAcceptAsync((reason) -> {
			if (result.isDone()) {
				return;
			}
			LeadershipLostException lost = new LeadershipLostException(term.get(), reason);
			ended.set(lost);
			// the work first, so that it is cancelled by the time the result fails
			if (work instanceof Future<?> future) {
				future.cancel(true);
			}
			result.completeExceptionally(lost);
		});
		result.whenComplete((value, failure) -> {
			termEnd.cancel(false);
			if (result.isCancelled() && work instanceof Future<?> future) {
				future.cancel(true);
			}
		});
		work.whenComplete((value, failure) -> {
			LeadershipLostException endedFirst = ended.get();
			if (endedFirst != null) {
				result.completeExceptionally(endedFirst);
				return;
			}
			if (failure != null) {
				result.completeExceptionally((failure instanceof CompletionException && failure.getCause() != null)
						? failure.getCause() : failure);
				return;
			}
			LeadershipLostException lost = lostSince(election, term.get());
			if (lost != null) {
				result.completeExceptionally(lost);
			}
			else {
				result.complete(value);
			}
		});
		return result;
	}

	/**
	 * The end of a term, if the participant no longer leads in it.
	 * @return the loss, or {@code null} if the term goes on
	 */
	static @Nullable LeadershipLostException lostSince(LeaderElection election, Leadership term) {
		Optional<Leadership> now = election.leadership();
		if (now.isPresent() && now.get().epoch() == term.epoch()) {
			return null;
		}
		return new LeadershipLostException(term, RevocationReason.LOST);
	}

}
