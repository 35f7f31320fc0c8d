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

import java.util.Collection;
import java.util.List;
import java.util.Objects;

import io.github.distlock.core.FencedOffException;
import org.jspecify.annotations.Nullable;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

/**
 * What the servlet filter and the WebFlux filter share: which paths are fenced, and the check of
 * a request's {@value FencingTokenHeader#NAME} values against the marks. Every value is read
 * before any is accepted, so a malformed one raises no mark; the tokens are then accepted in the
 * order sent, and the first refused one ends the check (the marks raised before it stay raised).
 */
final class FencingTokenCheck {

	private final FencingTokenHighWaterMarks marks;

	private final List<PathPattern> paths;

	FencingTokenCheck(FencingTokenHighWaterMarks marks, Collection<String> pathPatterns) {
		this.marks = Objects.requireNonNull(marks, "marks");
		this.paths = pathPatterns.stream().map(FencingTokenCheck::parse).toList();
	}

	/** Whether requests to a path (within the application) are fenced: all when no pattern was given. */
	boolean appliesTo(String path) {
		if (this.paths.isEmpty()) {
			return true;
		}
		PathContainer container = PathContainer.parsePath(path);
		return this.paths.stream().anyMatch((pattern) -> pattern.matches(container));
	}

	/**
	 * Accepts a request's tokens, or says why not.
	 * @param values the header's values, none for a request without it
	 * @return {@code null} when the request may go on, the answer to give otherwise
	 */
	@Nullable FencingProblem check(Collection<String> values) {
		if (values.isEmpty()) {
			return null;
		}
		List<FencingToken> tokens;
		try {
			tokens = FencingTokenHeader.parse(values);
		}
		catch (MalformedFencingTokenException ex) {
			return FencingProblem.malformed(ex.getMessage());
		}
		for (FencingToken token : tokens) {
			try {
				this.marks.accept(token.key(), token.token());
			}
			catch (FencedOffException ex) {
				return FencingProblem.fencedOff(ex);
			}
			catch (IllegalArgumentException ex) {
				// a key the store cannot hold: the client's to mend
				return FencingProblem.malformed(ex.getMessage());
			}
		}
		return null;
	}

	private static PathPattern parse(String pattern) {
		try {
			return PathPatternParser.defaultInstance.parse(pattern);
		}
		catch (PatternParseException ex) {
			throw new IllegalArgumentException("Fenced path pattern '" + pattern + "' is not a path pattern: "
					+ ex.getMessage(), ex);
		}
	}

}
