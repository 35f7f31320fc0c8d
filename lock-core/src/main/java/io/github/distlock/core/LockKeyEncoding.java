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

package io.github.distlock.core;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Turns a lock key into one path segment that every lock service accepts.
 * <p>
 * The rule: the key's UTF-8 bytes (a lone surrogate as the three bytes of its code point) are
 * kept when they are ASCII letters, digits or one of
 * {@code - _ . : @ , = + ! * ( ) [ ] { } # $ &}, and written as {@code %XX} (upper-case hex)
 * otherwise, so {@code /}, {@code %}, {@code ~}, spaces, control characters and non-ASCII text
 * never reach the lock service raw. A segment that would be {@code .} or {@code ..} has its dots
 * escaped. A segment longer than {@value #MAX_SEGMENT_LENGTH} characters is cut to its first
 * {@value #HASHED_PREFIX_LENGTH} characters followed by {@code ~} and the SHA-256 of the key
 * in hex. Percent-encoding is injective, and {@code ~} appears only in hashed segments, so
 * different keys map to different segments (barring a SHA-256 collision), and no segment
 * contains {@code /}.
 *
 * @since 0.1.0
 */
public final class LockKeyEncoding {

	/** Longest segment kept as is. */
	public static final int MAX_SEGMENT_LENGTH = 200;

	/** Length of the readable prefix of a hashed segment. */
	public static final int HASHED_PREFIX_LENGTH = 120;

	private static final String SAFE_PUNCTUATION = "-_.:@,=+!*()[]{}#$&";

	private static final HexFormat HEX = HexFormat.of().withUpperCase();

	private LockKeyEncoding() {
	}

	/**
	 * Checks a key: it must have a non-blank text.
	 * @param key the key
	 * @return the key
	 * @throws InvalidLockKeyException if the key is null or blank
	 */
	public static String requireValid(String key) {
		if (key == null || key.isBlank()) {
			throw new InvalidLockKeyException("Lock key must not be null or blank");
		}
		return key;
	}

	/**
	 * Encodes a key into one path segment by the rule of this class.
	 * @param key the key
	 * @return the segment
	 */
	public static String encode(String key) {
		byte[] bytes = utf8(key);
		StringBuilder segment = new StringBuilder(bytes.length + 8);
		for (byte b : bytes) {
			int c = b & 0xFF;
			if (isSafe(c)) {
				segment.append((char) c);
			}
			else {
				segment.append('%').append(HEX.toHexDigits((byte) c));
			}
		}
		String encoded = segment.toString();
		if (encoded.equals(".") || encoded.equals("..")) {
			return encoded.replace(".", "%2E");
		}
		if (encoded.length() > MAX_SEGMENT_LENGTH) {
			return readablePrefix(encoded) + "~" + HEX.formatHex(sha256(bytes)).toLowerCase();
		}
		return encoded;
	}

	/**
	 * The key's UTF-8 bytes. A lone surrogate, which UTF-8 cannot encode ({@code getBytes}
	 * would write {@code ?}), is written as the three bytes of its code point, as WTF-8 does:
	 * bytes that valid UTF-8 never contains, so that such keys stay distinct.
	 */
	private static byte[] utf8(String key) {
		byte[] bytes = new byte[key.length() * 3];
		int length = 0;
		for (int i = 0; i < key.length();) {
			int c = key.codePointAt(i);
			i += Character.charCount(c);
			if (c < 0x80) {
				bytes[length++] = (byte) c;
			}
			else if (c < 0x800) {
				bytes[length++] = (byte) (0xC0 | (c >> 6));
				bytes[length++] = (byte) (0x80 | (c & 0x3F));
			}
			else if (c < 0x10000) {
				bytes[length++] = (byte) (0xE0 | (c >> 12));
				bytes[length++] = (byte) (0x80 | ((c >> 6) & 0x3F));
				bytes[length++] = (byte) (0x80 | (c & 0x3F));
			}
			else {
				bytes[length++] = (byte) (0xF0 | (c >> 18));
				bytes[length++] = (byte) (0x80 | ((c >> 12) & 0x3F));
				bytes[length++] = (byte) (0x80 | ((c >> 6) & 0x3F));
				bytes[length++] = (byte) (0x80 | (c & 0x3F));
			}
		}
		return Arrays.copyOf(bytes, length);
	}

	private static boolean isSafe(int c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
				|| (c < 0x80 && SAFE_PUNCTUATION.indexOf(c) >= 0);
	}

	private static String readablePrefix(String encoded) {
		int end = HASHED_PREFIX_LENGTH;
		// do not cut an %XX escape in two
		int percent = encoded.lastIndexOf('%', end - 1);
		if (percent >= 0 && percent > end - 3) {
			end = percent;
		}
		return encoded.substring(0, end);
	}

	private static byte[] sha256(byte[] bytes) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(bytes);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required of every Java platform", ex);
		}
	}

}
