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

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LeaderOnly;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.Leadership;
import io.github.distlock.leader.LeadershipListener;
import io.github.distlock.leader.LeadershipLostException;
import io.github.distlock.leader.LockLeaderElection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.framework.ProxyFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code @LeaderOnly} on methods whose work completes through what they return: run only in a
 * term of leadership (a publisher's when it is subscribed to), empty elsewhere, and failed with
 * {@link LeadershipLostException} when the term ends before the work does. Two participants of
 * one election, each a client of the same in-memory lock service.
 */
class AsyncLeaderOnlyTests {

	private final InMemoryLockService service = new InMemoryLockService();

	private final Participant leader = new Participant("leader");

	private Participant follower;

	@AfterEach
	void close() {
		this.leader.close();
		if (this.follower != null) {
			this.follower.close();
		}
	}

	@Test
	void leaderRunsItsWorkWhenSubscribedAndAFollowerSkipsIt() {
		Reports reports = this.leader.reports();
		this.leader.elections.election("reports");
		await().until(() -> this.leader.elections.election("reports").isLeader());
		this.follower = new Participant("follower");
		this.follower.elections.election("reports");
		Mono<String> report = reports.daily(Mono.just("ran"));
		assertThat(this.leader.target.calls).hasValue(0);
		StepVerifier.create(report).expectNext("ran").verifyComplete();
		StepVerifier.create(this.follower.reports().daily(Mono.just("ran"))).verifyComplete();
		StepVerifier.create(this.follower.reports().hourly()).verifyComplete();
		assertThat(this.follower.target.calls).hasValue(0);
		assertThat(this.leader.target.calls).hasValue(1);
	}

	@Test
	void completableFutureRunsOnTheLeaderAndCompletesEmptyOnAFollower() throws Exception {
		this.leader.elections.election("reports");
		await().until(() -> this.leader.elections.election("reports").isLeader());
		this.follower = new Participant("follower");
		this.follower.elections.election("reports");
		assertThat(this.leader.reports().monthly().get(5, TimeUnit.SECONDS)).isEqualTo("monthly");
		assertThat(this.follower.reports().monthly().get(5, TimeUnit.SECONDS)).isNull();
	}

	@Test
	void termEndedBeforeTheWorkDidFailsItWithLeadershipLostException() {
		LeaderElection election = this.leader.elections.election("reports");
		await().until(election::isLeader);
		long epoch = election.leadership().orElseThrow().epoch();
		Sinks.One<String> gate = Sinks.one();
		StepVerifier.create(this.leader.reports().daily(gate.asMono()))
			.then(() -> await().until(() -> this.leader.target.calls.get() == 1))
			.then(() -> {
				this.leader.backend.expireSession();
				await().until(() -> election.leadership().map(Leadership::epoch).orElse(-1L) != epoch);
				gate.tryEmitValue("late");
			})
			.expectError(LeadershipLostException.class)
			.verify(Duration.ofSeconds(10));
	}

	@Test
	void endOfTheTermCancelsPublisherWorkAtOnce() {
		LeaderElection election = this.leader.elections.election("reports");
		await().until(election::isLeader);
		AtomicInteger cancelled = new AtomicInteger();
		StepVerifier.create(this.leader.reports().daily(Mono.<String>never().doOnCancel(cancelled::incrementAndGet)))
			.then(() -> await().until(() -> this.leader.target.calls.get() == 1))
			.then(this.leader.backend::expireSession)
			.expectErrorSatisfies((failure) -> assertThat(failure).isInstanceOf(LeadershipLostException.class)
				.hasMessageContaining("(LOST)"))
			.verify(Duration.ofSeconds(10));
		assertThat(cancelled).hasValue(1);
	}

	@Test
	void endOfTheTermCancelsTheFutureOfTheWorkAtOnce() {
		LeaderElection election = this.leader.elections.election("reports");
		await().until(election::isLeader);
		CompletableFuture<String> weekly = this.leader.reports().weekly();
		assertThat(weekly).isNotDone();
		this.leader.backend.expireSession();
		assertThat(weekly).failsWithin(Duration.ofSeconds(10))
			.withThrowableOfType(ExecutionException.class)
			.withCauseInstanceOf(LeadershipLostException.class);
		assertThat(this.leader.target.pending).isCancelled();
	}

	static class Reports {

		final AtomicInteger calls = new AtomicInteger();

		/** The work of {@link #weekly()}, which completes only when cancelled. */
		final CompletableFuture<String> pending = new CompletableFuture<>();

		@LeaderOnly("reports")
		public CompletableFuture<String> weekly() {
			this.calls.incrementAndGet();
			return this.pending;
		}

		@LeaderOnly("reports")
		public Mono<String> daily(Mono<String> outcome) {
			this.calls.incrementAndGet();
			return outcome;
		}

		@LeaderOnly("reports")
		public Flux<String> hourly() {
			this.calls.incrementAndGet();
			return Flux.just("hourly");
		}

		@LeaderOnly("reports")
		public CompletableFuture<String> monthly() {
			this.calls.incrementAndGet();
			return CompletableFuture.completedFuture("monthly");
		}

	}

	private final class Participant {

		final InMemoryLockBackend backend = new InMemoryLockBackend(AsyncLeaderOnlyTests.this.service);

		final LockEngine engine = new LockEngine(this.backend, new io.github.distlock.core.LockListener() {
		}, LockEngine.Options.STANDARD);

		final LeaderElections elections;

		final Reports target = new Reports();

		Participant(String id) {
			this.elections = new LeaderElections(this.engine, id, LockLeaderElection.Options.DEFAULTS,
					new LeadershipListener() {
					});
			this.elections.start();
		}

		Reports reports() {
			LeaderOnlySource source = new LeaderOnlySource();
			ProxyFactory proxies = new ProxyFactory(this.target);
			proxies.setProxyTargetClass(true);
			proxies.addAdvisor(new LeaderOnlyAdvisor(source, new LeaderOnlyInterceptor(source, () -> this.elections)));
			return (Reports) proxies.getProxy();
		}

		void close() {
			this.elections.close();
			this.engine.close();
			this.backend.close();
		}

	}

}
