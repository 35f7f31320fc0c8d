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
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.Leadership;
import io.github.distlock.leader.LeadershipLostException;
import io.github.distlock.leader.RevocationReason;
import org.aopalliance.intercept.MethodInvocation;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@code @LeaderOnly} work that completes through a {@code Publisher}: the method is called when
 * the result is subscribed to, only in a term of leadership; the work is cancelled and the
 * result fails with {@link LeadershipLostException} when that term ends before the publisher
 * completed. Loaded only when Reactor is on the class path.
 */
final class ReactiveLeaderWork {

	private ReactiveLeaderWork() {
	}

	static Object publisher(AsyncReturn asyncReturn, LeaderElection election, MethodInvocation invocation) {
		Flux<Object> work = Flux.defer(() -> {
			Optional<Leadership> term = election.leadership();
			if (term.isEmpty()) {
				return Flux.empty();
			}
			AtomicReference<RevocationReason> ended = new AtomicReference<>();
			// an element of the other publisher cancels the work; its completion would complete it
			Flux<RevocationReason> termEnd = Mono.fromFuture(election.whenEnded(term.get()).toCompletableFuture(), false)
				// not on the election's notifier thread, which every election's events share
				.publishOn(Schedulers.parallel())
				.doOnNext(ended::set)
				.concatWith(Mono.never());
			return Flux.from(ReactiveInvocations.proceed(ReactiveInvocations.freshCall(invocation)))
				.takeUntilOther(termEnd)
				.concatWith(Mono.defer(() -> {
					RevocationReason reason = ended.get();
					LeadershipLostException lost = (reason != null) ? new LeadershipLostException(term.get(), reason)
							: AsyncLeaderWork.lostSince(election, term.get());
					return (lost != null) ? Mono.error(lost) : Mono.empty();
				}));
		});
		return (asyncReturn == AsyncReturn.MONO) ? work.singleOrEmpty() : work;
	}

}
