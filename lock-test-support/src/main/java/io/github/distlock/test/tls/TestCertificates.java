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

package io.github.distlock.test.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * A certificate authority made for one test run, and a server and a client certificate it
 * signed, as PEM files: made with the JDK's {@code keytool} (so no other tool is needed), valid
 * for two days, the server's for {@code 127.0.0.1} and {@code localhost}.
 *
 * @param ca the authority's certificate
 * @param serverCertificate the server's certificate
 * @param serverKey the server's private key (PKCS#8)
 * @param clientCertificate the client's certificate
 * @param clientKey the client's private key (PKCS#8)
 * @since 0.1.0
 */
public record TestCertificates(Path ca, Path serverCertificate, Path serverKey, Path clientCertificate,
		Path clientKey) {

	private static final String STORE_PASSWORD = "test-store";

	/**
	 * Makes the authority and the two certificates in a directory.
	 * @param directory where the files go
	 * @return the files
	 * @throws IOException if {@code keytool} fails
	 * @throws InterruptedException if interrupted while it runs
	 */
	public static TestCertificates generate(Path directory) throws IOException, InterruptedException {
		Files.createDirectories(directory);
		Path caStore = directory.resolve("ca.p12");
		keytool(directory, "-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=test-ca",
				"-ext", "bc:c", "-validity", "2", "-keystore", caStore.toString());
		Path ca = directory.resolve("ca.pem");
		keytool(directory, "-exportcert", "-rfc", "-alias", "ca", "-keystore", caStore.toString(), "-file",
				ca.toString());
		Path[] server = signed(directory, caStore, "server", "CN=localhost", "san=ip:127.0.0.1,dns:localhost",
				"eku=serverAuth,clientAuth");
		Path[] client = signed(directory, caStore, "client", "CN=app", null, "eku=clientAuth");
		return new TestCertificates(ca, server[0], server[1], client[0], client[1]);
	}

	private static Path[] signed(Path directory, Path caStore, String name, String subject, @Nullable String san,
			String eku)
			throws IOException, InterruptedException {
		Path store = directory.resolve(name + ".p12");
		keytool(directory, "-genkeypair", "-alias", name, "-keyalg", "RSA", "-keysize", "2048", "-dname", subject,
				"-validity", "2", "-keystore", store.toString());
		Path request = directory.resolve(name + ".csr");
		keytool(directory, "-certreq", "-alias", name, "-keystore", store.toString(), "-file", request.toString());
		Path certificate = directory.resolve(name + ".pem");
		List<String> gencert = new ArrayList<>(List.of("-gencert", "-rfc", "-alias", "ca", "-keystore",
				caStore.toString(), "-infile", request.toString(), "-outfile", certificate.toString(), "-validity", "2",
				"-ext", eku));
		if (san != null) {
			gencert.addAll(List.of("-ext", san));
		}
		keytool(directory, gencert.toArray(String[]::new));
		Path key = directory.resolve(name + "-key.pem");
		Files.writeString(key, privateKeyPem(store, name), StandardCharsets.US_ASCII);
		return new Path[] { certificate, key };
	}

	private static String privateKeyPem(Path store, String alias) throws IOException {
		try (InputStream in = Files.newInputStream(store)) {
			KeyStore keyStore = KeyStore.getInstance("PKCS12");
			keyStore.load(in, STORE_PASSWORD.toCharArray());
			Key key = keyStore.getKey(alias, STORE_PASSWORD.toCharArray());
			String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
				.encodeToString(key.getEncoded());
			return "-----BEGIN PRIVATE KEY-----\n" + base64 + "\n-----END PRIVATE KEY-----\n";
		}
		catch (GeneralSecurityException ex) {
			throw new IOException("Could not read the private key of " + alias + " from " + store, ex);
		}
	}

	private static void keytool(Path directory, String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
		command.addAll(List.of(arguments));
		command.addAll(List.of("-storetype", "PKCS12", "-storepass", STORE_PASSWORD, "-noprompt"));
		Path log = directory.resolve("keytool.log");
		Process process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
			.start();
		if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
			process.destroyForcibly();
			throw new IOException("keytool " + arguments[0] + " failed: " + Files.readString(log));
		}
	}

}
