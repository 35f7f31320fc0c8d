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

package io.github.distlock.etcd;

import io.github.distlock.core.LockKeyEncoding;
import io.github.distlock.core.LockPathResolver;

/**
 * Maps a key to one path segment under a root prefix, named by {@link LockKeyEncoding}: the
 * segment never contains {@code /}, so the contenders of one key ({@code <path>/…}) are never
 * mistaken for those of another.
 *
 * @since 0.1.0
 */
public final class EtcdLockPathResolver implements LockPathResolver {

	private final String rootPath;

	/**
	 * Creates a resolver for lock paths under the given root.
	 * @param rootPath an absolute path such as {@code /Locks}
	 */
	public EtcdLockPathResolver(String rootPath) {
		this.rootPath = validateRoot(rootPath);
	}

	private static String validateRoot(String rootPath) {
		if (rootPath == null || !rootPath.startsWith("/") || rootPath.contains("//") || rootPath.isBlank()) {
			throw new IllegalArgumentException(
					"Invalid lock root path '" + rootPath + "': it must start with '/' and have no empty segment");
		}
		return (rootPath.length() > 1 && rootPath.endsWith("/")) ? rootPath.substring(0, rootPath.length() - 1)
				: rootPath;
	}

	/**
	 * The root every lock path lives under.
	 * @return the root path
	 */
	public String getRootPath() {
		return this.rootPath;
	}

	@Override
	public String resolve(String key) {
		String segment = LockKeyEncoding.encode(LockKeyEncoding.requireValid(key));
		return this.rootPath.equals("/") ? "/" + segment : this.rootPath + "/" + segment;
	}

}
