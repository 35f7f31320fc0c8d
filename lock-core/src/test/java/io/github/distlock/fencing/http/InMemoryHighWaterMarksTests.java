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

import io.github.distlock.core.FencedOffException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The marks kept in memory: a token at or above the mark is accepted and raises it, a lower one
 * is refused naming the mark; no more keys than the bound are kept, the least recently accepted
 * forgotten first, and a forgotten key accepts what comes (the cost of the bound).
 */
class InMemoryHighWaterMarksTests {

	@Test
	void anIncreasingOrEqualTokenIsAcceptedAndALowerOneRefusedNamingTheMark() {
		InMemoryHighWaterMarks marks = new InMemoryHighWaterMarks();
		marks.accept("k", 5);
		marks.accept("k", 5);
		marks.accept("k", 9);
		assertThatExceptionOfType(FencedOffException.class).isThrownBy(() -> marks.accept("k", 8))
			.satisfies((refused) -> {
				assertThat(refused.getKey()).isEqualTo("k");
				assertThat(refused.getToken()).isEqualTo(8);
				assertThat(refused.getFence()).isEqualTo(9);
			});
		assertThat(marks.mark("k")).hasValue(9);
		marks.accept("other", 1);
		assertThat(marks.mark("other")).hasValue(1);
	}

	@Test
	void aForgottenMarkAcceptsAnyTokenAgain() {
		InMemoryHighWaterMarks marks = new InMemoryHighWaterMarks();
		marks.accept("reset", 500);
		marks.forget("reset");
		assertThat(marks.mark("reset")).isEmpty();
		marks.accept("reset", 3);
		assertThat(marks.mark("reset")).hasValue(3);
	}

	@Test
	void noMoreKeysThanTheBoundAreKeptTheLeastRecentlyAcceptedForgottenFirst() {
		InMemoryHighWaterMarks marks = new InMemoryHighWaterMarks(3);
		marks.accept("a", 10);
		marks.accept("b", 20);
		marks.accept("c", 30);
		marks.accept("a", 11);
		marks.accept("d", 40);
		assertThat(marks.size()).isEqualTo(3);
		assertThat(marks.mark("b")).as("the least recently accepted").isEmpty();
		assertThat(marks.mark("a")).hasValue(11);
		for (int i = 0; i < 1_000; i++) {
			marks.accept("key-" + i, i + 1);
		}
		assertThat(marks.size()).isEqualTo(3);
	}

	@Test
	void aForgottenKeyAcceptsALowerTokenThanItsMarkWas() {
		InMemoryHighWaterMarks marks = new InMemoryHighWaterMarks(1);
		marks.accept("a", 10);
		marks.accept("b", 1);
		marks.accept("a", 3);
		assertThat(marks.mark("a")).hasValue(3);
	}

	@Test
	void aBoundBelowOneIsRefusedNamingIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> new InMemoryHighWaterMarks(0))
			.withMessageContaining("max-keys was 0");
	}

}
