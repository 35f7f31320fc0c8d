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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.github.distlock.zookeeper.CuratorClientFactory.Acl;
import io.github.distlock.zookeeper.CuratorClientFactory.Setting;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link CuratorClientFactory} is asked for its client's identity: the authentication it
 * sends in every session, and the ACL of the nodes it creates (an application's
 * {@link ACLProvider}, or creator-all). Its messages name the scheme, never the credentials.
 */
final class ZooKeeperSecurity {

	private final @Nullable String scheme;

	private final byte @Nullable [] credentials;

	private final @Nullable ACLProvider aclProvider;

	private final @Nullable String saslLoginContext;

	private ZooKeeperSecurity(@Nullable String scheme, byte @Nullable [] credentials, @Nullable ACLProvider aclProvider,
			@Nullable String saslLoginContext) {
		this.scheme = scheme;
		this.credentials = credentials;
		this.aclProvider = aclProvider;
		this.saslLoginContext = saslLoginContext;
	}

	/**
	 * Checks that the settings fit together.
	 * @throws IllegalStateException if they do not, naming them as {@code names} tells
	 */
	static ZooKeeperSecurity of(@Nullable String authScheme, @Nullable String authCredentials, Acl acl,
			@Nullable ACLProvider customAcl, @Nullable String saslLoginContext, Function<Setting, String> names) {
		String scheme = (authScheme != null && !authScheme.isBlank()) ? authScheme.trim() : null;
		boolean hasCredentials = authCredentials != null && !authCredentials.isEmpty();
		if (scheme != null && !hasCredentials) {
			throw new IllegalStateException(names.apply(Setting.AUTHORIZATION_SCHEME) + " is '" + scheme + "' but "
					+ names.apply(Setting.AUTHORIZATION_CREDENTIALS) + " is not set");
		}
		if (scheme == null && hasCredentials) {
			throw new IllegalStateException(names.apply(Setting.AUTHORIZATION_CREDENTIALS) + " is set but "
					+ names.apply(Setting.AUTHORIZATION_SCHEME) + " is not (for example 'digest')");
		}
		String sasl = (saslLoginContext != null && !saslLoginContext.isBlank()) ? saslLoginContext : null;
		ACLProvider provider = (customAcl != null) ? new CopiedAcl(customAcl) : null;
		if (provider == null && acl == Acl.CREATOR_ALL) {
			if (scheme == null && sasl == null) {
				throw new IllegalStateException(names.apply(Setting.ACL) + "=creator-all needs "
						+ names.apply(Setting.AUTHORIZATION_SCHEME) + " and "
						+ names.apply(Setting.AUTHORIZATION_CREDENTIALS) + ", or " + names.apply(Setting.SASL_LOGIN_CONTEXT)
						+ ": ZooKeeper refuses a node whose ACL grants its creator everything when the client has no "
						+ "identity");
			}
			provider = new FixedAcl(ZooDefs.Ids.CREATOR_ALL_ACL);
		}
		return new ZooKeeperSecurity(scheme,
				(scheme != null && authCredentials != null) ? authCredentials.getBytes(StandardCharsets.UTF_8) : null,
				provider, sasl);
	}

	/**
	 * Whether authentication or an ACL is configured: the registry then checks its access at
	 * start-up.
	 */
	boolean isConfigured() {
		return this.scheme != null || this.aclProvider != null || this.saslLoginContext != null;
	}

	void applyTo(CuratorFrameworkFactory.Builder builder) {
		if (this.scheme != null && this.credentials != null) {
			builder.authorization(this.scheme, this.credentials);
		}
		if (this.aclProvider != null) {
			builder.aclProvider(this.aclProvider);
		}
	}

	/**
	 * What start-up failures add to name the configuration, never the credentials.
	 */
	String describe() {
		String identity = (this.scheme != null) ? "authenticated with scheme '" + this.scheme + "'"
				: (this.saslLoginContext != null) ? "authenticated with SASL login context '" + this.saslLoginContext + "'"
						: "not authenticated";
		return identity
				+ ((this.aclProvider != null) ? ", creating nodes with " + aclName() : "");
	}

	private String aclName() {
		if (this.aclProvider instanceof CopiedAcl copied) {
			return "the ACLs of " + copied.provider.getClass().getName();
		}
		return "ACL creator-all";
	}

	@Override
	public String toString() {
		return "ZooKeeperSecurity[" + describe() + "]";
	}

	/**
	 * An application's ACLs, copied into lists ZooKeeper accepts: it looks for a null element
	 * with {@code contains(null)}, which an immutable {@code List.of} refuses with a
	 * {@link NullPointerException}.
	 */
	private record CopiedAcl(ACLProvider provider) implements ACLProvider {

		@Override
		public List<ACL> getDefaultAcl() {
			return copy(this.provider.getDefaultAcl());
		}

		@Override
		public List<ACL> getAclForPath(String path) {
			// null asks Curator for the default ACL
			return copy(this.provider.getAclForPath(path));
		}

		private static List<ACL> copy(List<ACL> acl) {
			return (acl != null) ? new ArrayList<>(acl) : acl;
		}

	}

	private record FixedAcl(List<ACL> acl) implements ACLProvider {

		@Override
		public List<ACL> getDefaultAcl() {
			return this.acl;
		}

		@Override
		public List<ACL> getAclForPath(String path) {
			return this.acl;
		}

	}

}
