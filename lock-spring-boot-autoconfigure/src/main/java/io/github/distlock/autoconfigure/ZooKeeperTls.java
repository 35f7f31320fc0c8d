/*
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

package io.github.distlock.autoconfigure;

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
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;

/**
 * TLS to ZooKeeper ({@code distributed-lock.zookeeper.ssl.*}): the client configuration of
 * ZooKeeper's Netty client on its secure port. ZooKeeper reads key and trust stores from files,
 * at each connection, so the stores of a Spring Boot SSL bundle are written to PKCS12 files only
 * the process's user may read, under a password made for them, and deleted when the application
 * stops.
 */
final class ZooKeeperTls implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(ZooKeeperTls.class);

	private static final String NETTY_CLIENT = "org.apache.zookeeper.ClientCnxnSocketNetty";

	private final @Nullable String bundleName;

	private final List<Path> files = new ArrayList<>();

	/** The client settings TLS needs; empty without TLS. */
	private final Map<String, String> settings = new LinkedHashMap<>();

	private ZooKeeperTls(ZooKeeperLockProperties.Ssl ssl, @Nullable SslBundles bundles) {
		this.bundleName = ssl.getBundle();
		if (!ssl.isEnabled() && this.bundleName == null) {
			return;
		}
		this.settings.put(ZKClientConfig.SECURE_CLIENT, "true");
		this.settings.put(ZKClientConfig.ZOOKEEPER_CLIENT_CNXN_SOCKET, NETTY_CLIENT);
		if (this.bundleName != null) {
			if (bundles == null) {
				throw new IllegalStateException("distributed-lock.zookeeper.ssl.bundle is '" + this.bundleName
						+ "' but there are no SSL bundles (spring.ssl.bundle.*)");
			}
			writeStores(bundles.getBundle(this.bundleName));
		}
	}

	static ZooKeeperTls of(ZooKeeperLockProperties.Ssl ssl, @Nullable SslBundles bundles) {
		return new ZooKeeperTls(ssl, bundles);
	}

	/**
	 * Sets what TLS needs in a client configuration.
	 */
	void applyTo(ZKClientConfig config) {
		this.settings.forEach(config::setProperty);
	}

	boolean isEnabled() {
		return !this.settings.isEmpty();
	}

	/**
	 * What connection failures add to name the TLS configuration.
	 */
	String describe() {
		if (!isEnabled()) {
			return "";
		}
		return " over TLS (" + ((this.bundleName != null) ? "SSL bundle '" + this.bundleName + "'"
				: "the JVM's default trust store") + ", distributed-lock.zookeeper.ssl.*)";
	}

	private void writeStores(SslBundle bundle) {
		char[] password = newPassword();
		String passwordText = new String(password);
		try {
			KeyStore trustStore = bundle.getStores().getTrustStore();
			if (trustStore != null) {
				Path file = write(copyCertificates(trustStore, password), password, "trust");
				this.settings.put("zookeeper.ssl.trustStore.location", file.toString());
				this.settings.put("zookeeper.ssl.trustStore.password", passwordText);
				this.settings.put("zookeeper.ssl.trustStore.type", "PKCS12");
			}
			KeyStore keyStore = bundle.getStores().getKeyStore();
			if (keyStore != null) {
				String keyPassword = (bundle.getKey().getPassword() != null) ? bundle.getKey().getPassword()
						: bundle.getStores().getKeyStorePassword();
				Path file = write(copyKeys(keyStore, keyPassword, bundle.getKey().getAlias(), password), password,
						"key");
				this.settings.put("zookeeper.ssl.keyStore.location", file.toString());
				this.settings.put("zookeeper.ssl.keyStore.password", passwordText);
				this.settings.put("zookeeper.ssl.keyStore.type", "PKCS12");
			}
		}
		catch (IOException | GeneralSecurityException ex) {
			close();
			throw new IllegalStateException("Could not prepare the stores of SSL bundle '" + this.bundleName
					+ "' for ZooKeeper's TLS client: " + ((ex instanceof KeyStoreException) ? ex.getMessage()
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
			throw new KeyStoreException((onlyAlias != null) ? "no key entry with the bundle's alias '" + onlyAlias + "'"
					: "no key entry in the bundle's key store");
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
