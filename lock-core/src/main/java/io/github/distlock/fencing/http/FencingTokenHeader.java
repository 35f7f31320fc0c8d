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

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.distlock.core.AcquiredLock;

/**
 * The {@value #NAME} header: one value per held lock, {@code <key>=<token>}, the key
 * percent-encoded (UTF-8) where it has {@code %}, {@code =}, {@code ,}, {@code "}, a space, a
 * control character or a character outside ASCII, the token a positive decimal number. A
 * recipient reads the values of every such header, and values that an intermediary folded into
 * one, separated by commas.
 * <pre>
 * Lock-Fencing-Token: stock:42=1876
 * Lock-Fencing-Token: caf%C3%A9%3Dtable=1880
 * </pre>
 *
 * @since 0.1.0
 */
public final class FencingTokenHeader {

	/** The header's name. */
	public static final String NAME = "Lock-Fencing-Token";

	private static final char[] HEX = "0123456789ABCDEF".toCharArray();

	private static final int QUOTED_LENGTH = 80;

	private FencingTokenHeader() {
	}

	/**
	 * The header values of held exclusive locks ({@code MUTEX}, {@code SEMAPHORE_MUTEX},
	 * {@code WRITE}), one per key in the order given; a key held more than once (re-entered) is
	 * sent once, with its greatest token. Shared locks ({@code READ}, {@code SEMAPHORE}) are not
	 * sent: their holders hold at once with different tokens, and a server that keeps the highest
	 * would refuse all but the latest.
	 * @param locks the held locks
	 * @return the header values, none for no exclusive lock
	 */
	public static List<String> valuesOf(Collection<? extends AcquiredLock> locks) {
		Map<String, Long> tokens = new LinkedHashMap<>();
		for (AcquiredLock lock : locks) {
			if (lock.type().isExclusive()) {
				tokens.merge(lock.key(), lock.fencingToken(), Math::max);
			}
		}
		List<String> values = new ArrayList<>(tokens.size());
		tokens.forEach((key, token) -> values.add(format(new FencingToken(key, token))));
		return values;
	}

	/**
	 * The header value of one lock's token.
	 * @param token the lock key and its token
	 * @return {@code <encoded key>=<token>}
	 */
	public static String format(FencingToken token) {
		return encodeKey(token.key()) + "=" + token.token();
	}

	/**
	 * Reads the tokens of every value of the header a request carried.
	 * @param values the header's values, each perhaps several separated by commas
	 * @return the tokens, in the order sent
	 * @throws MalformedFencingTokenException naming the value and what is wrong with it
	 */
	public static List<FencingToken> parse(Collection<String> values) {
		List<FencingToken> tokens = new ArrayList<>();
		for (String value : values) {
			for (String element : value.split(",", -1)) {
				String entry = element.strip();
				if (!entry.isEmpty()) {
					tokens.add(parseEntry(entry));
				}
			}
		}
		return tokens;
	}

	/**
	 * Percent-encodes a lock key for the header.
	 * @param key the lock key
	 * @return the key, with {@code %XX} for each UTF-8 byte the header cannot carry as it is
	 */
	public static String encodeKey(String key) {
		byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
		StringBuilder encoded = new StringBuilder(bytes.length);
		for (byte b : bytes) {
			int c = b & 0xFF;
			if (c > 0x20 && c < 0x7F && c != '%' && c != '=' && c != ',' && c != '"') {
				encoded.append((char) c);
			}
			else {
				encoded.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
			}
		}
		return encoded.toString();
	}

	/**
	 * Decodes a key that {@link #encodeKey} encoded.
	 * @param encoded the key as the header carries it
	 * @return the lock key
	 * @throws MalformedFencingTokenException for a character the header cannot carry, a
	 * {@code %} not followed by two hexadecimal digits, or bytes that are not UTF-8
	 */
	public static String decodeKey(String encoded) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream(encoded.length());
		for (int i = 0; i < encoded.length(); i++) {
			char c = encoded.charAt(i);
			if (c == '%') {
				int high = (i + 2 < encoded.length()) ? hex(encoded.charAt(i + 1)) : -1;
				int low = (high >= 0) ? hex(encoded.charAt(i + 2)) : -1;
				if (low < 0) {
					throw new MalformedFencingTokenException("Lock key '" + quoted(encoded) + "' in " + NAME
							+ " has a '%' at index " + i + " that two hexadecimal digits do not follow");
				}
				bytes.write(high * 16 + low);
				i += 2;
			}
			else if (c > 0x20 && c < 0x7F && c != '=' && c != '"') {
				bytes.write(c);
			}
			else {
				throw new MalformedFencingTokenException("Lock key '" + quoted(encoded) + "' in " + NAME
						+ " has character " + String.format("U+%04X", (int) c) + " at index " + i
						+ "; it must be percent-encoded");
			}
		}
		try {
			return StandardCharsets.UTF_8.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT)
				.decode(ByteBuffer.wrap(bytes.toByteArray()))
				.toString();
		}
		catch (CharacterCodingException ex) {
			throw new MalformedFencingTokenException(
					"Lock key '" + quoted(encoded) + "' in " + NAME + " does not decode to UTF-8");
		}
	}

	private static int hex(char c) {
		return (c < 0x80) ? Character.digit(c, 16) : -1;
	}

	private static FencingToken parseEntry(String entry) {
		int equals = entry.indexOf('=');
		if (equals < 0) {
			throw new MalformedFencingTokenException(NAME + " value '" + quoted(entry)
					+ "' is not <key>=<token>: it has no '='");
		}
		if (equals == 0) {
			throw new MalformedFencingTokenException(NAME + " value '" + quoted(entry) + "' has no lock key before '='");
		}
		String key = decodeKey(entry.substring(0, equals));
		String digits = entry.substring(equals + 1);
		long token = parseToken(digits, entry);
		return new FencingToken(key, token);
	}

	private static long parseToken(String digits, String entry) {
		boolean decimal = !digits.isEmpty() && digits.length() <= 19 && digits.chars().allMatch((c) -> c >= '0' && c <= '9');
		long token = 0;
		if (decimal) {
			try {
				token = Long.parseLong(digits);
			}
			catch (NumberFormatException tooLarge) {
				decimal = false;
			}
		}
		if (!decimal || token < 1) {
			throw new MalformedFencingTokenException(NAME + " value '" + quoted(entry) + "' has token '"
					+ quoted(digits) + "', not a positive decimal number of at most 19 digits");
		}
		return token;
	}

	/** A value as an error message quotes it: at most 80 characters, controls replaced. */
	private static String quoted(String value) {
		String shown = (value.length() > QUOTED_LENGTH) ? value.substring(0, QUOTED_LENGTH) + "…" : value;
		StringBuilder quoted = new StringBuilder(shown.length());
		shown.codePoints().forEach((c) -> quoted.appendCodePoint(Character.isISOControl(c) ? '?' : c));
		return quoted.toString();
	}

}
