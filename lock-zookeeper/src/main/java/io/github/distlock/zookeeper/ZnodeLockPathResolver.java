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

import io.github.distlock.core.LockKeyEncoding;
import io.github.distlock.core.LockPathResolver;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.common.PathUtils;

/**
 * Maps a key to one znode directly under a root path, named by {@link LockKeyEncoding}.
 * <p>
 * The rule: the key's UTF-8 bytes (a lone surrogate as the three bytes of its code point) are
 * kept when they are ASCII letters, digits or one of
 * {@code - _ . : @ , = + ! * ( ) [ ] { } # $ &}, and written as {@code %XX} (upper-case hex)
 * otherwise, so {@code /}, {@code %}, {@code ~}, spaces, control characters and non-ASCII text
 * never reach ZooKeeper raw. A segment that would be {@code .} or {@code ..} has its dots
 * escaped. A segment longer than {@value #MAX_SEGMENT_LENGTH} characters is cut to its first
 * {@value #HASHED_PREFIX_LENGTH} characters followed by {@code ~} and the SHA-256 of the key
 * in hex. Percent-encoding is injective, and {@code ~} appears only in hashed segments, so
 * different keys map to different paths (barring a SHA-256 collision).
 *
 * @since 0.1.0
 */
public final class ZnodeLockPathResolver implements LockPathResolver {

	/** Longest segment kept as is. */
	public static final int MAX_SEGMENT_LENGTH = LockKeyEncoding.MAX_SEGMENT_LENGTH;

	/** Length of the readable prefix of a hashed segment. */
	public static final int HASHED_PREFIX_LENGTH = LockKeyEncoding.HASHED_PREFIX_LENGTH;

	private final String rootPath;

	/**
	 * Creates a resolver for lock nodes under the given root.
	 * @param rootPath an absolute ZooKeeper path such as {@code /Locks}
	 */
	public ZnodeLockPathResolver(String rootPath) {
		this.rootPath = validateRoot(rootPath);
	}

	private static String validateRoot(String rootPath) {
		String root = (rootPath.length() > 1 && rootPath.endsWith("/"))
				? rootPath.substring(0, rootPath.length() - 1) : rootPath;
		try {
			PathUtils.validatePath(root);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("Invalid lock root path '" + rootPath + "': " + ex.getMessage(), ex);
		}
		if (root.equals("/zookeeper") || root.startsWith("/zookeeper/")) {
			throw new IllegalArgumentException(
					"Invalid lock root path '" + rootPath + "': /zookeeper is reserved by ZooKeeper");
		}
		return root;
	}

	/**
	 * The root path every lock node lives under.
	 * @return the root path
	 */
	public String getRootPath() {
		return this.rootPath;
	}

	@Override
	public String resolve(String key) {
		return ZKPaths.makePath(this.rootPath, encode(LockKeyEncoding.requireValid(key)));
	}

	/**
	 * Encodes a key into one legal znode name by the rule of this class.
	 * @param key the key
	 * @return the znode name
	 */
	public static String encode(String key) {
		return LockKeyEncoding.encode(key);
	}

}
