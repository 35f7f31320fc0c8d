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

package io.github.distlock.benchmark;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link HandOvers} from recorded {@link Sections}: only consecutive sections of different
 * processes count, from the earlier one's end to the next one's start; overlaps are counted; a
 * truncated record limits the span; and the sections cross the process boundary intact.
 */
class HandOversTests {

	@Test
	void sectionsOfAProcessAreOrderedByTheirStart() {
		Sections sections = Sections.of(new long[] { 30, 10, 20 }, new long[] { 35, 15, 25 }, Long.MAX_VALUE);

		assertThat(sections.starts()).containsExactly(10, 20, 30);
		assertThat(sections.ends()).containsExactly(15, 25, 35);
	}

	@Test
	void onlyConsecutiveSectionsOfDifferentProcessesAreHandOvers() {
		// process 0 holds twice in a row, then 1, then 0 again
		Sections first = new Sections(new long[] { 0, 10, 50 }, new long[] { 5, 20, 60 }, Long.MAX_VALUE);
		Sections second = new Sections(new long[] { 23 }, new long[] { 40 }, Long.MAX_VALUE);

		HandOvers handOvers = HandOvers.between(List.of(first, second));

		assertThat(handOvers.nanos()).containsExactly(3, 10);
		assertThat(handOvers.count()).isEqualTo(2);
		assertThat(handOvers.overlaps()).isZero();
		assertThat(handOvers.millis(0.5)).isEqualTo(3 / 1e6);
	}

	@Test
	void aSectionThatBeganBeforeTheEarlierOneEndedIsAnOverlap() {
		Sections first = new Sections(new long[] { 0 }, new long[] { 10 }, Long.MAX_VALUE);
		Sections second = new Sections(new long[] { 8 }, new long[] { 12 }, Long.MAX_VALUE);

		HandOvers handOvers = HandOvers.between(List.of(first, second));

		assertThat(handOvers.nanos()).containsExactly(-2);
		assertThat(handOvers.overlaps()).isEqualTo(1);
	}

	@Test
	void threeProcessesTakingTurns() {
		Sections first = new Sections(new long[] { 0, 30 }, new long[] { 5, 35 }, Long.MAX_VALUE);
		Sections second = new Sections(new long[] { 7 }, new long[] { 12 }, Long.MAX_VALUE);
		Sections third = new Sections(new long[] { 16, 40 }, new long[] { 20, 45 }, Long.MAX_VALUE);

		HandOvers handOvers = HandOvers.between(List.of(first, second, third));

		// 0 -> 1 (2), 1 -> 2 (4), 2 -> 0 (10), 0 -> 2 (5)
		assertThat(handOvers.nanos()).containsExactly(2, 4, 5, 10);
	}

	@Test
	void sectionsAfterTheEarliestTruncationAreLeftOut() {
		// the second process recorded nothing from 30 on: the first one's section at 50 could
		// follow one of the second's that is not there
		Sections first = new Sections(new long[] { 0, 50 }, new long[] { 5, 55 }, Long.MAX_VALUE);
		Sections second = new Sections(new long[] { 10 }, new long[] { 20 }, 30);

		HandOvers handOvers = HandOvers.between(List.of(first, second));

		assertThat(handOvers.nanos()).containsExactly(5);
	}

	@Test
	void noSectionsNoHandOver() {
		HandOvers handOvers = HandOvers.between(List.of(Sections.NONE, Sections.NONE));

		assertThat(handOvers.count()).isZero();
		assertThat(handOvers.millis(0.99)).isNaN();
	}

	@Test
	void sectionsCrossTheProcessBoundaryWithTheWindowResult(@TempDir Path directory) throws IOException {
		Sections sections = new Sections(new long[] { 1, 7 }, new long[] { 3, 9 }, 42);
		WindowResult result = WindowResult.of(100, new long[] { 4, 2 }, new long[] { 1, 1 }, 0, 0, "", 5, 6,
				sections);
		Path file = directory.resolve("result");

		result.writeTo(file);
		WindowResult read = WindowResult.readFrom(file);

		assertThat(read.cycleNanos()).containsExactly(2, 4);
		assertThat(read.sections().starts()).containsExactly(1, 7);
		assertThat(read.sections().ends()).containsExactly(3, 9);
		assertThat(read.sections().completeUntil()).isEqualTo(42);
		assertThat(read.withoutSections().sections()).isSameAs(Sections.NONE);
	}

}
