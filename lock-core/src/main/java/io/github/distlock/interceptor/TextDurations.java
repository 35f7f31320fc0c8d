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
import java.time.format.DateTimeParseException;

import org.springframework.format.annotation.DurationFormat;
import org.springframework.format.datetime.standard.DurationFormatterUtils;

/**
 * Reads a duration an annotation gives as text, in Spring's styles: {@code 5s}, {@code 1m30s},
 * {@code PT5S}; a bare number is milliseconds.
 */
final class TextDurations {

	private TextDurations() {
	}

	/**
	 * @param text the text, its placeholders resolved
	 * @param attribute the annotation attribute, for the message
	 * @param written the text as written on the annotation, for the message
	 * @param description the annotated method, for the message
	 * @return the duration, zero or positive
	 * @throws IllegalStateException naming the method, the attribute and the value if the text is
	 * no duration or a negative one
	 */
	static Duration parse(String text, String attribute, String written, String description) {
		String value = text.strip();
		String shown = value.equals(written) ? "'" + written + "'" : "'" + value + "' (from '" + written + "')";
		Duration duration;
		try {
			duration = DurationFormatterUtils.detectAndParse(value, DurationFormat.Unit.MILLIS);
		}
		catch (IllegalArgumentException | DateTimeParseException ex) {
			throw new IllegalStateException("@DistributedLock on " + description + " has " + attribute + " " + shown
					+ ", which is not a duration: write it as 5s, 500ms, 1m30s or PT5S (a bare number is milliseconds)",
					ex);
		}
		if (duration.isNegative()) {
			throw new IllegalStateException("@DistributedLock on " + description + " has " + attribute + " " + shown
					+ ": it must not be negative");
		}
		return duration;
	}

}
