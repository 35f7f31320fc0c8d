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

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.zookeeper.client.ZKClientConfig;
import org.jspecify.annotations.Nullable;

/**
 * TLS to ZooKeeper's secure client port, for a {@link CuratorClientFactory}: the client
 * configuration of ZooKeeper's Netty client. ZooKeeper reads key and trust stores from files, at
 * each connection, so the stores given here are written to PKCS12 files only the process's user
 * may read, under a password made for them. They must outlive the client: {@link #close()}
 * deletes them, once the client is closed.
 *
 * @since 0.1.0
 */
public final class ZooKeeperTls implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(ZooKeeperTls.class);

	private static final String NETTY_CLIENT = "org.apache.zookeeper.ClientCnxnSocketNetty";

	private static final ZooKeeperTls DISABLED = new ZooKeeperTls(null);

	/** Where the stores came from, for messages; {@code null} without TLS. */
	private final @Nullable String source;

	private final List<Path> files = new ArrayList<>();

	/** The client settings TLS needs; empty without TLS. */
	private final Map<String, String> settings = new LinkedHashMap<>();

	private ZooKeeperTls(@Nullable String source) {
		this.source = source;
		if (source != null) {
			this.settings.put(ZKClientConfig.SECURE_CLIENT, "true");
			this.settings.put(ZKClientConfig.ZOOKEEPER_CLIENT_CNXN_SOCKET, NETTY_CLIENT);
		}
	}

	/**
	 * No TLS: the client connects to a plain client port.
	 * @return the settings of a plain connection
	 */
	public static ZooKeeperTls disabled() {
		return DISABLED;
	}

	/**
	 * TLS whose server certificate the JVM's default trust store verifies, without a client
	 * certificate.
	 * @return the TLS settings
	 */
	public static ZooKeeperTls withDefaultTrust() {
		return new ZooKeeperTls("the JVM's default trust store");
	}

	/**
	 * TLS with the given stores, written to files now.
	 * @param source where the stores come from, as messages name it (such as
	 * {@code SSL bundle 'zookeeper'}); never a password
	 * @param trustStore the certificates that verify the server's, or {@code null} for the
	 * JVM's default trust store
	 * @param keyStore the client's key and certificate, or {@code null} for none
	 * @param keyPassword the password of the key in the key store, if it has one
	 * @param keyAlias the alias of the client's key, or {@code null} to take every key entry
	 * @return the TLS settings, whose files {@link #close()} deletes
	 * @throws IllegalStateException if the stores cannot be read or written, or the key store
	 * has no such key, naming the source
	 */
	public static ZooKeeperTls withStores(String source, @Nullable KeyStore trustStore, @Nullable KeyStore keyStore,
			@Nullable String keyPassword, @Nullable String keyAlias) {
		ZooKeeperTls tls = new ZooKeeperTls(source);
		tls.writeStores(trustStore, keyStore, keyPassword, keyAlias);
		return tls;
	}

	/**
	 * Whether the client connects with TLS.
	 * @return {@code true} unless {@link #disabled()}
	 */
	public boolean isEnabled() {
		return this.source != null;
	}

	/**
	 * Sets what TLS needs in a client configuration.
	 */
	void applyTo(ZKClientConfig config) {
		this.settings.forEach(config::setProperty);
	}

	/**
	 * Where the stores came from, for messages.
	 */
	String source() {
		return (this.source != null) ? this.source : "no TLS";
	}

	private void writeStores(@Nullable KeyStore trustStore, @Nullable KeyStore keyStore, @Nullable String keyPassword,
			@Nullable String keyAlias) {
		char[] password = newPassword();
		String passwordText = new String(password);
		try {
			if (trustStore != null) {
				Path file = write(copyCertificates(trustStore, password), password, "trust");
				this.settings.put("zookeeper.ssl.trustStore.location", file.toString());
				this.settings.put("zookeeper.ssl.trustStore.password", passwordText);
				this.settings.put("zookeeper.ssl.trustStore.type", "PKCS12");
			}
			if (keyStore != null) {
				Path file = write(copyKeys(keyStore, keyPassword, keyAlias, password), password, "key");
				this.settings.put("zookeeper.ssl.keyStore.location", file.toString());
				this.settings.put("zookeeper.ssl.keyStore.password", passwordText);
				this.settings.put("zookeeper.ssl.keyStore.type", "PKCS12");
			}
		}
		catch (IOException | GeneralSecurityException ex) {
			close();
			throw new IllegalStateException("Could not prepare the stores of " + this.source
					+ " for ZooKeeper's TLS client: " + ((ex instanceof KeyStoreException) ? ex.getMessage()
							: ex.getClass().getSimpleName()), ex);
		}
	}

	private static KeyStore copyCertificates(KeyStore source, char[] password)
			throws IOException, GeneralSecurityException {
		KeyStore copy = emptyStore(password);
		for (String alias : Collections.list(source.aliases())) {
			if (source.getCertificate(alias) != null) {
				copy.setCertificateEntry(alias, source.getCertificate(alias));
			}
		}
		return copy;
	}

	private static KeyStore copyKeys(KeyStore source, @Nullable String keyPassword, @Nullable String onlyAlias,
			char[] password) throws IOException, GeneralSecurityException {
		KeyStore copy = emptyStore(password);
		char[] sourcePassword = (keyPassword != null) ? keyPassword.toCharArray() : new char[0];
		for (String alias : Collections.list(source.aliases())) {
			if (source.isKeyEntry(alias) && (onlyAlias == null || onlyAlias.equals(alias))) {
				Key key = source.getKey(alias, sourcePassword);
				copy.setKeyEntry(alias, key, password, source.getCertificateChain(alias));
			}
		}
		if (copy.size() == 0) {
			throw new KeyStoreException((onlyAlias != null) ? "no key entry with the alias '" + onlyAlias + "'"
					: "no key entry in the key store");
		}
		return copy;
	}

	private static KeyStore emptyStore(char[] password) throws IOException, GeneralSecurityException {
		KeyStore store = KeyStore.getInstance("PKCS12");
		store.load(null, password);
		return store;
	}

	private Path write(KeyStore store, char[] password, String kind) throws IOException, GeneralSecurityException {
		Path file;
		try {
			file = Files.createTempFile("distributed-lock-zookeeper-" + kind + "-", ".p12",
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		}
		catch (UnsupportedOperationException notPosix) {
			file = Files.createTempFile("distributed-lock-zookeeper-" + kind + "-", ".p12");
		}
		this.files.add(file);
		file.toFile().deleteOnExit();
		try (OutputStream out = Files.newOutputStream(file)) {
			store.store(out, password);
		}
		return file;
	}

	private static char[] newPassword() {
		byte[] random = new byte[24];
		new SecureRandom().nextBytes(random);
		return Base64.getEncoder().withoutPadding().encodeToString(random).toCharArray();
	}

	/**
	 * Deletes the store files.
	 */
	@Override
	public void close() {
		for (Path file : this.files) {
			try {
				Files.deleteIfExists(file);
			}
			catch (IOException ex) {
				logger.warn("Could not delete " + file + ": " + ex.getMessage());
			}
		}
		this.files.clear();
	}

}
