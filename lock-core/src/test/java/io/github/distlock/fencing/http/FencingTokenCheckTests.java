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

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What both filters decide: a request without the header passes; tokens are accepted or the
 * first lower one answered 409 with a problem body naming key, token and mark; a malformed
 * header is answered 400 and raises no mark; path patterns choose the fenced paths.
 */
class FencingTokenCheckTests {

	private final InMemoryHighWaterMarks marks = new InMemoryHighWaterMarks();

	private final FencingTokenCheck check = new FencingTokenCheck(this.marks, List.of());

	@Test
	void aRequestWithoutTheHeaderPasses() {
		assertThat(this.check.check(List.of())).isNull();
	}

	@Test
	void aLowerTokenIsAnswered409WithTheKeyTheTokenAndTheMark() {
		assertThat(this.check.check(List.of("a=5", "b%22c=9"))).isNull();
		FencingProblem problem = this.check.check(List.of("a=5", FencingTokenHeader.format(new FencingToken("b\"c", 8))));
		assertThat(problem).isNotNull();
		assertThat(problem.status()).isEqualTo(409);
		assertThat(problem.json()).contains("\"status\":409", "\"key\":\"b\\\"c\"", "\"token\":8", "\"mark\":9",
				"\"detail\":\"Fencing token 8 of lock 'b\\\"c' is lower than 9");
	}

	@Test
	void aMalformedHeaderIsAnswered400AndRaisesNoMark() {
		FencingProblem problem = this.check.check(List.of("a=7", "b=x"));
		assertThat(problem).isNotNull();
		assertThat(problem.status()).isEqualTo(400);
		assertThat(problem.json()).contains("\"status\":400", "'b=x' has token 'x'");
		assertThat(this.marks.mark("a")).isEmpty();
	}

	@Test
	void pathPatternsChooseTheFencedPaths() {
		FencingTokenCheck orders = new FencingTokenCheck(this.marks, List.of("/orders/**", "/stock/{id}"));
		assertThat(orders.appliesTo("/orders/7/lines")).isTrue();
		assertThat(orders.appliesTo("/stock/3")).isTrue();
		assertThat(orders.appliesTo("/stock/3/history")).isFalse();
		assertThat(orders.appliesTo("/health")).isFalse();
		assertThat(this.check.appliesTo("/anything")).isTrue();
	}

	@Test
	void anInvalidPathPatternIsRefusedNamingIt() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new FencingTokenCheck(this.marks, List.of("/orders/{id")))
			.withMessageContaining("'/orders/{id'");
	}

	@Test
	void aJsonStringEscapesQuotesBackslashesAndControls() {
		assertThat(FencingProblem.string("a\"b\\c\nd\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001\"");
	}

}
