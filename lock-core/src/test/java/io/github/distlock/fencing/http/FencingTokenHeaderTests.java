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

package io.github.distlock.fencing.http;

import java.time.Duration;
import java.util.List;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryLockingConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@code Lock-Fencing-Token} header's format: keys percent-encoded where the header cannot
 * carry them, values read whether sent apart or folded, and every malformed value refused with a
 * message naming it and what is wrong.
 */
class FencingTokenHeaderTests {

	private static final Duration WAIT = Duration.ofSeconds(5);

	@Test
	void aPlainKeyIsSentAsItIs() {
		assertThat(FencingTokenHeader.format(new FencingToken("stock:42", 1876))).isEqualTo("stock:42=1876");
	}

	@Test
	void separatorsPercentSpacesQuotesAndNonAsciiArePercentEncoded() {
		assertThat(FencingTokenHeader.encodeKey("a=b,c%d e\"f")).isEqualTo("a%3Db%2Cc%25d%20e%22f");
		assertThat(FencingTokenHeader.encodeKey("café")).isEqualTo("caf%C3%A9");
		assertThat(FencingTokenHeader.encodeKey("tab\there")).isEqualTo("tab%09here");
	}

	@ParameterizedTest
	@ValueSource(strings = { "stock:42", "a=b", "x,y", "100%", "with space", "café=table,2", "锁/键", "emoji 🔒",
			"\"quoted\"", "tab\tand\nnewline" })
	void everyKeyComesBackAsItWasSent(String key) {
		String value = FencingTokenHeader.format(new FencingToken(key, 7));
		assertThat(value.chars()).allMatch((c) -> c > 0x20 && c < 0x7F);
		assertThat(FencingTokenHeader.parse(List.of(value))).containsExactly(new FencingToken(key, 7));
	}

	@Test
	void valuesSentApartOrFoldedWithCommasAreAllRead() {
		assertThat(FencingTokenHeader.parse(List.of("a=1", " b%2Cc=2 ,\td=3", "", " , e=4")))
			.containsExactly(new FencingToken("a", 1), new FencingToken("b,c", 2), new FencingToken("d", 3),
					new FencingToken("e", 4));
	}

	@Test
	void theLocksAThreadHoldsGiveOneValueEach() {
		InMemoryLockService service = new InMemoryLockService();
		try (AnnotationConfigApplicationContext context = InMemoryLockingConfiguration.start(service)) {
			LockOperations locks = context.getBean(LockOperations.class);
			List<String> values = locks.execute("outer=1", WAIT,
					() -> locks.execute("inner", WAIT,
							() -> FencingTokenHeader.valuesOf(LockContext.all())));
			assertThat(values).hasSize(2);
			assertThat(values.get(0)).startsWith("outer%3D1=");
			assertThat(values.get(1)).startsWith("inner=");
			assertThat(FencingTokenHeader.parse(values)).extracting(FencingToken::token)
				.allMatch((token) -> token > 0);
			assertThat(FencingTokenHeader.valuesOf(LockContext.all())).as("outside the locks").isEmpty();
		}
	}

	@Test
	void sharedLocksAreNotSent() {
		InMemoryLockService service = new InMemoryLockService();
		try (AnnotationConfigApplicationContext context = InMemoryLockingConfiguration.start(service)) {
			LockOperations locks = context.getBean(LockOperations.class);
			List<String> values = locks.execute("report", WAIT, LockType.READ,
					() -> locks.execute("ledger", WAIT, LockType.WRITE,
							() -> FencingTokenHeader.valuesOf(LockContext.all())));
			assertThat(FencingTokenHeader.parse(values)).extracting(FencingToken::key).containsExactly("ledger");
		}
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "stock|stock|is not <key>=<token>: it has no '='",
			"=5|=5|has no lock key before '='", "k=abc|k=abc|has token 'abc', not a positive decimal number",
			"k=0|k=0|has token '0'", "k=-3|k=-3|has token '-3'", "k=|k=|has token ''",
			"k=99999999999999999999|k=99999999999999999999|not a positive decimal number of at most 19 digits",
			"k=9223372036854775808|k=9223372036854775808|has token '9223372036854775808'",
			"k%G1=5|k%G1|has a '%' at index 1 that two hexadecimal digits do not follow",
			"k%4=5|k%4|has a '%' at index 1", "k%C3=5|k%C3|does not decode to UTF-8",
			"a\"b=5|a\"b|has character U+0022 at index 1" })
	void aMalformedValueIsRefusedNamingItAndTheProblem(String value, String named, String problem) {
		assertThatExceptionOfType(MalformedFencingTokenException.class)
			.isThrownBy(() -> FencingTokenHeader.parse(List.of("ok=1", value)))
			.withMessageContaining("'" + named)
			.withMessageContaining(problem);
	}

	@Test
	void aCharacterOutsideAsciiMustBeEncoded() {
		assertThatExceptionOfType(MalformedFencingTokenException.class)
			.isThrownBy(() -> FencingTokenHeader.parse(List.of("café=5")))
			.withMessageContaining("'café'")
			.withMessageContaining("U+00E9 at index 3; it must be percent-encoded");
	}

}
