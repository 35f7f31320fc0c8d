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

package io.github.distlock.zookeeper;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class KnownLockPathsTests {

	@Test
	void remembersAndForgetsPaths() {
		KnownLockPaths paths = new KnownLockPaths(16);
		assertThat(paths.contains("/Locks/a")).isFalse();
		paths.add("/Locks/a");
		assertThat(paths.contains("/Locks/a")).isTrue();
		assertThat(paths.contains("/Locks/b")).isFalse();
		paths.remove("/Locks/a");
		assertThat(paths.contains("/Locks/a")).isFalse();
	}

	@Test
	void staysWithinItsCapacityWhateverTheNumberOfPaths() {
		KnownLockPaths paths = new KnownLockPaths(16);
		for (int i = 0; i < 10_000; i++) {
			paths.add("/Locks/key-" + i);
		}
		long remembered = java.util.stream.IntStream.range(0, 10_000)
			.filter((i) -> paths.contains("/Locks/key-" + i))
			.count();
		assertThat(remembered).isPositive().isLessThanOrEqualTo(16);
		assertThat(paths.contains("/Locks/key-9999")).as("the latest path of its slot").isTrue();
	}

	@Test
	void removingAPathLeavesAnotherInTheSameSlot() {
		KnownLockPaths paths = new KnownLockPaths(1);
		paths.add("/Locks/a");
		paths.add("/Locks/b");
		paths.remove("/Locks/a");
		assertThat(paths.contains("/Locks/b")).isTrue();
	}

	@Test
	void capacityMustBeAPowerOfTwo() {
		assertThatIllegalArgumentException().isThrownBy(() -> new KnownLockPaths(12)).withMessageContaining("12");
	}

}
