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

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.distlock.core.InvalidLockKeyException;
import org.apache.zookeeper.common.PathUtils;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ZnodeLockPathResolverTests {

	private final ZnodeLockPathResolver resolver = new ZnodeLockPathResolver("/Locks");

	@Test
	void readableKeyIsKeptAsIs() {
		assertThat(this.resolver.resolve("stock:42")).isEqualTo("/Locks/stock:42");
		assertThat(this.resolver.resolve("order-7_a.b@c,d=e+f")).isEqualTo("/Locks/order-7_a.b@c,d=e+f");
	}

	@Test
	void slashIsEncodedSoTheKeyStaysOneSegment() {
		assertThat(this.resolver.resolve("a/b")).isEqualTo("/Locks/a%2Fb");
		assertThat(this.resolver.resolve("/")).isEqualTo("/Locks/%2F");
	}

	@Test
	void dotSegmentsAreEscaped() {
		assertThat(this.resolver.resolve(".")).isEqualTo("/Locks/%2E");
		assertThat(this.resolver.resolve("..")).isEqualTo("/Locks/%2E%2E");
		assertThat(this.resolver.resolve("...")).isEqualTo("/Locks/...");
	}

	@Test
	void controlCharactersSpacesAndNonAsciiArePercentEncodedAsUtf8() {
		assertThat(this.resolver.resolve("a\u0000b\tc d")).isEqualTo("/Locks/a%00b%09c%20d");
		assertThat(this.resolver.resolve("库存")).isEqualTo("/Locks/%E5%BA%93%E5%AD%98");
		assertThat(this.resolver.resolve("\uD83D\uDE00")).isEqualTo("/Locks/%F0%9F%98%80");
	}

	@Test
	void percentAndTildeAreEncodedSoEncodingIsInjective() {
		assertThat(this.resolver.resolve("%2F")).isEqualTo("/Locks/%252F");
		assertThat(this.resolver.resolve("%2F")).isNotEqualTo(this.resolver.resolve("/"));
		assertThat(this.resolver.resolve("a~b")).isEqualTo("/Locks/a%7Eb");
	}

	@Test
	void longKeyIsCutAndHashedToALegalName() {
		String key = "k".repeat(5000);
		String segment = ZnodeLockPathResolver.encode(key);
		assertThat(segment).hasSizeLessThanOrEqualTo(ZnodeLockPathResolver.MAX_SEGMENT_LENGTH)
			.startsWith("k".repeat(ZnodeLockPathResolver.HASHED_PREFIX_LENGTH) + "~")
			.matches("k{120}~[0-9a-f]{64}");
		assertThat(ZnodeLockPathResolver.encode(key + "x")).isNotEqualTo(segment);
	}

	@Test
	void keyOfExactlyTheLimitIsNotHashed() {
		String key = "k".repeat(ZnodeLockPathResolver.MAX_SEGMENT_LENGTH);
		assertThat(ZnodeLockPathResolver.encode(key)).isEqualTo(key);
		assertThat(ZnodeLockPathResolver.encode(key + "k")).contains("~");
	}

	@Test
	void longKeyWithEscapesIsNotCutInsideAnEscape() {
		for (int shift = 0; shift < 3; shift++) {
			String key = "k".repeat(shift) + "/".repeat(300);
			String segment = ZnodeLockPathResolver.encode(key);
			String prefix = segment.substring(0, segment.indexOf('~'));
			assertThat(prefix).matches("k*(%2F)*");
		}
	}

	@Test
	void everyEncodedPathIsALegalZooKeeperPathAndDistinct() {
		List<String> keys = List.of("a", "A", "a/b", "a%2Fb", ".", "..", "%2E", " x", "\u007f", "\u0085", "\uFFFF",
				"a b", "a+b", "a\nb", "库存:1", "k".repeat(250), "k".repeat(251), "~", "%7E", "zookeeper");
		Set<String> paths = new HashSet<>();
		for (String key : keys) {
			String path = this.resolver.resolve(key);
			PathUtils.validatePath(path);
			assertThat(path).startsWith("/Locks/");
			assertThat(path.substring("/Locks/".length())).doesNotContain("/");
			paths.add(path);
		}
		assertThat(paths).hasSameSizeAs(keys);
	}

	/**
	 * A lone surrogate has no UTF-8 form ({@code getBytes} would write {@code ?}); it is
	 * encoded as the three bytes of its code point, which valid UTF-8 never contains.
	 */
	@Test
	void unpairedSurrogatesGetPathsOfTheirOwn() {
		assertThat(this.resolver.resolve("\uD800")).isEqualTo("/Locks/%ED%A0%80");
		assertThat(this.resolver.resolve("\uDC00")).isEqualTo("/Locks/%ED%B0%80");
		assertThat(this.resolver.resolve("a\uDBFFb")).isEqualTo("/Locks/a%ED%AF%BFb");
		List<String> keys = List.of("?", "\uD800", "\uDC00", "\uDC00\uD800", "\uD800\uDC00", "\uD83D\uDE00",
				"\uD800" + "k".repeat(300), "?" + "k".repeat(300));
		assertThat(keys.stream().map(this.resolver::resolve).distinct()).hasSameSizeAs(keys);
		// a proper pair is one code point, as in UTF-8
		assertThat(this.resolver.resolve("\uD800\uDC00")).isEqualTo("/Locks/%F0%90%80%80");
	}

	@Test
	void nullOrBlankKeyIsRejected() {
		assertThatExceptionOfType(InvalidLockKeyException.class).isThrownBy(() -> this.resolver.resolve(" \t"));
		assertThatExceptionOfType(InvalidLockKeyException.class).isThrownBy(() -> this.resolver.resolve(""));
	}

	@Test
	void rootPathIsValidatedAndTrailingSlashDropped() {
		assertThat(new ZnodeLockPathResolver("/app/locks/").resolve("x")).isEqualTo("/app/locks/x");
		assertThat(new ZnodeLockPathResolver("/").resolve("x")).isEqualTo("/x");
		assertThatIllegalArgumentException().isThrownBy(() -> new ZnodeLockPathResolver("Locks"))
			.withMessageContaining("'Locks'");
		assertThatIllegalArgumentException().isThrownBy(() -> new ZnodeLockPathResolver("/a//b"));
		assertThatIllegalArgumentException().isThrownBy(() -> new ZnodeLockPathResolver("/zookeeper"))
			.withMessageContaining("reserved");
	}

}
