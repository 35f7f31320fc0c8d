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

package io.github.distlock.aot;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import io.github.distlock.annotation.LockType;
import io.github.distlock.aot.app.AotLockApplication;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.interceptor.LockExpressionRoot;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An application processed by Spring AOT ({@code SpringApplicationAotProcessor}, what the Spring
 * Boot Maven plugin's {@code process-aot} runs), its generated code compiled, then run in a JVM
 * of its own with {@code -Dspring.aot.enabled=true} against a real ZooKeeper: its
 * {@code @DistributedLock} method holds the lock, which this JVM cannot take meanwhile.
 */
class AotProcessedApplicationTests {

	@TempDir
	Path directory;

	@Test
	void anApplicationRunFromItsAotGeneratedCodeLocks() throws Exception {
		try (TestingServer zookeeper = new TestingServer(true)) {
			List<String> appArguments = List.of("--distributed-lock.zookeeper.connect-string=" + zookeeper.getConnectString(),
					"--spring.main.web-application-type=none", "--spring.main.banner-mode=off",
					"--logging.level.root=WARN");
			Path sources = this.directory.resolve("sources");
			Path resources = this.directory.resolve("resources");
			Path classes = this.directory.resolve("classes");
			List<String> process = new ArrayList<>(List.of("org.springframework.boot.SpringApplicationAotProcessor",
					AotLockApplication.class.getName(), sources.toString(), resources.toString(), classes.toString(),
					"io.github.distlock", "aot-test"));
			process.addAll(appArguments);
			Process processor = java(List.of(), System.getProperty("java.class.path"), process);
			String processorOutput = readAll(processor);
			assertThat(processor.waitFor(120, TimeUnit.SECONDS)).isTrue();
			assertThat(processor.exitValue()).as(processorOutput).isZero();
			List<Path> generated;
			try (Stream<Path> files = Files.walk(sources)) {
				generated = files.filter((file) -> file.toString().endsWith(".java")).toList();
			}
			assertThat(generated).as("generated sources")
				.anySatisfy((file) -> assertThat(file.getFileName().toString()).contains("__BeanDefinitions"));
			compile(generated, classes);
			String hints = nativeImageMetadata(resources);
			assertThat(typeHint(hints, LockExpressionRoot.class)).as("hint for the key expressions' root")
				.contains("\"allPublicMethods\": true");
			assertThat(typeHint(hints, AotLockApplication.Reports.class)).as("hint for the locked bean's methods")
				.contains("\"allDeclaredMethods\": true");
			assertThat(typeHint(hints, AotLockApplication.Report.class)).as("hint for what the key expression reads")
				.contains("\"allPublicMethods\": true");

			String classPath = classes + File.pathSeparator + resources + File.pathSeparator
					+ System.getProperty("java.class.path");
			List<String> run = new ArrayList<>(List.of(AotLockApplication.class.getName()));
			run.addAll(appArguments);
			Process application = java(List.of("-Dspring.aot.enabled=true"), classPath, run);
			try (BufferedReader out = new BufferedReader(
					new InputStreamReader(application.getInputStream(), StandardCharsets.UTF_8));
					Writer in = new OutputStreamWriter(application.getOutputStream(), StandardCharsets.UTF_8);
					CuratorFramework client = connectedClient(zookeeper.getConnectString());
					ZookeeperLockRegistry registry = new ZookeeperLockRegistry(client, new ZnodeLockPathResolver("/Locks"))) {
				List<String> lines = new ArrayList<>();
				String line;
				while ((line = out.readLine()) != null && !line.startsWith("holding ")) {
					lines.add(line);
				}
				assertThat(lines).as("output before the lock").contains("aot=true");
				assertThat(line).as(String.join("\n", lines)).startsWith("holding aot:nightly ");
				assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(
						() -> registry.acquire(new LockRequest("aot:nightly", LockType.MUTEX, Duration.ZERO, "test")));
				in.write("\n");
				in.flush();
				assertThat(out.readLine()).isEqualTo("released aot:nightly");
				assertThat(application.waitFor(60, TimeUnit.SECONDS)).isTrue();
				assertThat(application.exitValue()).isZero();
				registry.acquire(new LockRequest("aot:nightly", LockType.MUTEX, Duration.ofSeconds(5), "test")).close();
			}
			finally {
				application.destroyForcibly();
			}
		}
	}

	private static String nativeImageMetadata(Path resources) throws IOException {
		StringBuilder metadata = new StringBuilder();
		try (Stream<Path> files = Files.walk(resources)) {
			for (Path file : files.filter((file) -> file.toString().endsWith(".json")).toList()) {
				metadata.append(Files.readString(file));
			}
		}
		return metadata.toString();
	}

	/** The reflection hint of a type in the generated metadata, as its JSON text. */
	private static String typeHint(String metadata, Class<?> type) {
		Matcher hint = Pattern.compile("\\{[^{}]*\"type\": \"" + Pattern.quote(type.getName()) + "\"[^{}]*}")
			.matcher(metadata);
		return hint.find() ? hint.group() : "";
	}

	private static void compile(List<Path> sources, Path classes) throws IOException {
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-classpath",
				System.getProperty("java.class.path"), "-proc:none", "-parameters"));
		sources.forEach((source) -> arguments.add(source.toString()));
		Files.createDirectories(classes);
		int result = compiler.run(null, null, null, arguments.toArray(String[]::new));
		assertThat(result).as("javac of the generated sources").isZero();
	}

	private static Process java(List<String> options, String classPath, List<String> arguments) throws IOException {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx384m"));
		command.addAll(options);
		command.addAll(List.of("-cp", classPath));
		command.addAll(arguments);
		return new ProcessBuilder(command).redirectErrorStream(true).start();
	}

	private static String readAll(Process process) throws IOException {
		return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
	}

}
