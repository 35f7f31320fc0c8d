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

package io.github.distlock.autoconfigure.fencing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.fencing.http.FencingToken;
import io.github.distlock.fencing.http.FencingTokenHeader;
import io.github.distlock.fencing.http.InMemoryHighWaterMarks;
import io.github.distlock.fencing.http.JdbcHighWaterMarks;
import io.github.distlock.reactive.ReactiveLockContext;
import io.github.distlock.reactive.ReactiveLockOperations;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fencing tokens over real HTTP: applications on Tomcat (Spring MVC, and WebFlux), locking on
 * the in-memory backend, called through the auto-configured {@code RestClient} and
 * {@code WebClient}. The header carries every held lock; a server accepts an increasing token
 * and answers a lower one 409 with a problem body naming key, token and mark; a malformed header
 * is answered 400; the JDBC marks (H2) are shared by two instances of a server; the memory marks
 * stay within their bound.
 */
class FencingOverHttpTests {

	private static final Duration WAIT = Duration.ofSeconds(5);

	private static final AtomicLong databases = new AtomicLong();

	private final InMemoryLockService service = new InMemoryLockService();

	private final List<ConfigurableApplicationContext> applications = new ArrayList<>();

	@AfterEach
	void stop() {
		this.applications.forEach(ConfigurableApplicationContext::close);
	}

	@Test
	void theClientSendsTheTokenOfEveryLockItsThreadHolds() {
		ConfigurableApplicationContext server = start(memoryServer());
		LockOperations locks = server.getBean(LockOperations.class);
		RestClient client = restClient(server);
		AtomicReference<List<String>> held = new AtomicReference<>();
		List<String> received = locks.execute("orders:1", WAIT, () -> locks.execute("stock:a=b,c", WAIT, () -> {
			held.set(FencingTokenHeader.valuesOf(LockContext.all()));
			return echo(client);
		}));
		assertThat(received).hasSize(2).isEqualTo(held.get());
		assertThat(FencingTokenHeader.parse(received)).extracting(FencingToken::key)
			.containsExactly("orders:1", "stock:a=b,c");
		assertThat(echo(client)).as("no lock held, no header").isEmpty();
	}

	@Test
	void anIncreasingTokenIsAcceptedAndALowerOneRefusedWith409NamingKeyTokenAndMark() {
		ConfigurableApplicationContext server = start(memoryServer());
		assertIncreasingAcceptedLowerRefused(server, server);
		assertThat(server.getBean(InMemoryHighWaterMarks.class).mark("stock:7")).isPresent();
	}

	@Test
	void aMalformedHeaderIsAnswered400NamingTheProblem() {
		ConfigurableApplicationContext server = start(memoryServer());
		Answer answer = call(server, "stock:7=seven");
		assertThat(answer.status()).isEqualTo(400);
		assertThat(answer.contentType()).isEqualTo("application/problem+json");
		assertThat(answer.body()).contains("\"status\":400", "'stock:7=seven' has token 'seven'");
	}

	@Test
	void theMemoryMarksStayWithinTheirBound() {
		ConfigurableApplicationContext server = start(memoryServer("distributed-lock.fencing.http.server.max-keys=3"));
		for (int i = 1; i <= 10; i++) {
			assertThat(call(server, "key-" + i + "=" + i).status()).isEqualTo(200);
		}
		InMemoryHighWaterMarks marks = server.getBean(InMemoryHighWaterMarks.class);
		assertThat(marks.size()).isEqualTo(3);
		assertThat(marks.mark("key-10")).hasValue(10);
		assertThat(marks.mark("key-1")).isEmpty();
	}

	@Test
	void aPathOutsideThePatternsIsNotChecked() {
		ConfigurableApplicationContext server = start(
				memoryServer("distributed-lock.fencing.http.server.path-patterns=/orders/**"));
		assertThat(call(server, "stock:7=seven").status()).isEqualTo(200);
	}

	@Test
	void theJdbcMarksOfOneInstanceRefuseAStaleTokenAtAnother() {
		String database = "test.database=jdbc:h2:mem:http-fence-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
		ConfigurableApplicationContext first = start(server(database));
		ConfigurableApplicationContext second = start(server(database));
		assertThat(first.getBean(JdbcHighWaterMarks.class)).isNotSameAs(second.getBean(JdbcHighWaterMarks.class));
		assertIncreasingAcceptedLowerRefused(first, second);
		assertThat(second.getBean(JdbcHighWaterMarks.class).mark("stock:7"))
			.isEqualTo(first.getBean(JdbcHighWaterMarks.class).mark("stock:7"));
	}

	@Test
	void theWebClientSendsTheReactivePipelinesLocksOrElseTheSubscribingThreads() {
		ConfigurableApplicationContext server = start(memoryServer());
		WebClient client = server.getBean(WebClient.Builder.class).baseUrl(FencedApplication.baseUrl(server)).build();
		ReactiveLockOperations reactiveLocks = server.getBean(ReactiveLockOperations.class);
		Mono<List<String>> echo = client.get().uri("/echo").retrieve().bodyToMono(String[].class).map(List::of);
		List<String> inPipeline = reactiveLocks
			.withLock("reactive:1", WAIT, ReactiveLockContext.all()
				.flatMap((held) -> echo.map((received) -> List.of(FencingTokenHeader.valuesOf(held), received))))
			.map((both) -> {
				assertThat(both.get(1)).isEqualTo(both.get(0));
				return both.get(1);
			})
			.block(WAIT);
		assertThat(FencingTokenHeader.parse(inPipeline)).extracting(FencingToken::key).containsExactly("reactive:1");
		LockOperations locks = server.getBean(LockOperations.class);
		List<String> onThread = locks.execute("blocking:1", WAIT, () -> {
			List<String> received = echo.block(WAIT);
			assertThat(received).isEqualTo(FencingTokenHeader.valuesOf(LockContext.all()));
			return received;
		});
		assertThat(FencingTokenHeader.parse(onThread)).extracting(FencingToken::key).containsExactly("blocking:1");
		assertThat(echo.block(WAIT)).as("no lock held, no header").isEmpty();
	}

	@Test
	void aWebFluxServerAcceptsRefusesAndAnswersMalformedHeadersAsSpringMvcDoes() {
		ConfigurableApplicationContext server = start(memoryServer("spring.main.web-application-type=reactive"));
		assertThat(server.getBean(InMemoryHighWaterMarks.class)).isNotNull();
		assertIncreasingAcceptedLowerRefused(server, server);
		Answer malformed = call(server, "k%ZZ=1");
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.contentType()).isEqualTo("application/problem+json");
		assertThat(malformed.body()).contains("'k%ZZ' in Lock-Fencing-Token has a '%' at index 1");
	}

	/**
	 * A holder's calls go through at the first server; a newer holder's call is accepted at the
	 * second; the first holder's call with its old token, after that, is refused there.
	 */
	private void assertIncreasingAcceptedLowerRefused(ConfigurableApplicationContext first,
			ConfigurableApplicationContext second) {
		LockOperations locks = first.getBean(LockOperations.class);
		RestClient toFirst = restClient(first);
		RestClient toSecond = restClient(second);
		long older = locks.execute("stock:7", WAIT, () -> {
			assertThat(echo(toFirst)).hasSize(1);
			assertThat(echo(toFirst)).as("the same holder again").hasSize(1);
			return LockContext.current().fencingToken();
		});
		long newer = locks.execute("stock:7", WAIT, () -> {
			assertThat(echo(toSecond)).hasSize(1);
			return LockContext.current().fencingToken();
		});
		assertThat(newer).isGreaterThan(older);
		// the older holder, paused while its lock passed on, calls again with its token
		Answer stale = call(second, FencingTokenHeader.format(new FencingToken("stock:7", older)));
		assertThat(stale.status()).isEqualTo(409);
		assertThat(stale.contentType()).isEqualTo("application/problem+json");
		assertThat(stale.body()).contains("\"status\":409", "\"key\":\"stock:7\"", "\"token\":" + older,
				"\"mark\":" + newer, "\"detail\":\"Fencing token " + older + " of lock 'stock:7' is lower than " + newer);
	}

	private static List<String> echo(RestClient client) {
		return List.of(client.get().uri("/echo").retrieve().body(String[].class));
	}

	/** A call with a header of the caller's own, through a client that adds none. */
	private static Answer call(ConfigurableApplicationContext server, String header) {
		return RestClient.create(FencedApplication.baseUrl(server))
			.get()
			.uri("/echo")
			.header(FencingTokenHeader.NAME, header)
			.exchange((request, response) -> {
				MediaType type = response.getHeaders().getContentType();
				return new Answer(response.getStatusCode().value(),
						(type != null) ? type.getType() + "/" + type.getSubtype() : "",
						new String(response.getBody().readAllBytes(), StandardCharsets.UTF_8));
			});
	}

	private RestClient restClient(ConfigurableApplicationContext server) {
		return server.getBean(RestClient.Builder.class).baseUrl(FencedApplication.baseUrl(server)).build();
	}

	private ConfigurableApplicationContext start(String... properties) {
		ConfigurableApplicationContext application = FencedApplication.start(this.service, properties);
		this.applications.add(application);
		return application;
	}

	private static String[] memoryServer(String... more) {
		return server(more, "distributed-lock.fencing.http.server.store=memory");
	}

	private static String[] server(String... more) {
		return server(more, "distributed-lock.fencing.http.server.store=auto");
	}

	private static String[] server(String[] more, String store) {
		List<String> properties = new ArrayList<>(List.of("distributed-lock.fencing.http.server.enabled=true", store));
		properties.addAll(List.of(more));
		return properties.toArray(String[]::new);
	}

	private record Answer(int status, String contentType, String body) {
	}

}
