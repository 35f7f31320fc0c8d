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
import org.jspecify.annotations.Nullable;

/**
 * A refusal as the filters write it: the status and an RFC 9457 {@code application/problem+json}
 * body naming the key, the refused token and the mark, nothing else of the server's.
 *
 * @param status 400 or 409
 * @param json the body
 */
record FencingProblem(int status, String json) {

	static final String CONTENT_TYPE = "application/problem+json";

	static FencingProblem malformed(@Nullable String detail) {
		return new FencingProblem(400, "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":"
				+ string((detail != null) ? detail : "Malformed " + FencingTokenHeader.NAME + " header") + "}");
	}

	static FencingProblem fencedOff(FencedOffException refused) {
		String detail = "Fencing token " + refused.getToken() + " of lock '" + refused.getKey()
				+ "' is lower than " + refused.getFence()
				+ ", the highest accepted: a newer holder of the lock has called since";
		return new FencingProblem(409, "{\"type\":\"about:blank\",\"title\":\"Conflict\",\"status\":409,\"detail\":"
				+ string(detail) + ",\"key\":" + string(refused.getKey()) + ",\"token\":" + refused.getToken()
				+ ",\"mark\":" + refused.getFence() + "}");
	}

	/** A JSON string literal of any text. */
	static String string(String text) {
		StringBuilder json = new StringBuilder(text.length() + 2).append('"');
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> json.append("\\\"");
				case '\\' -> json.append("\\\\");
				case '\n' -> json.append("\\n");
				case '\r' -> json.append("\\r");
				case '\t' -> json.append("\\t");
				default -> {
					if (c < 0x20 || c == 0x2028 || c == 0x2029) {
						json.append(String.format("\\u%04x", (int) c));
					}
					else {
						json.append(c);
					}
				}
			}
		}
		return json.append('"').toString();
	}

}
