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

package io.github.distlock.vt;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.asm.ClassReader;
import org.springframework.asm.ClassVisitor;
import org.springframework.asm.MethodVisitor;
import org.springframework.asm.Opcodes;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter's code takes no monitor ({@code synchronized} methods or blocks): on JDK 21 to 23
 * a virtual thread that blocks inside one pins its carrier thread. Reads the bytecode of every
 * main class of the starter's modules on the class path (not the tests').
 */
class NoMonitorsTests {

	@Test
	void noClassOfTheStarterTakesAMonitor() throws Exception {
		List<String> scanned = new ArrayList<>();
		List<String> monitors = new ArrayList<>();
		for (URL root : Collections.list(getClass().getClassLoader().getResources("io/github/distlock"))) {
			if (root.getPath().contains("test-classes") || root.getPath().contains("-tests.jar")) {
				continue;
			}
			forEachClass(root, (name, bytes) -> {
				if (name.startsWith("io/github/distlock/test/") || name.startsWith("io/github/distlock/benchmark/")) {
					return;
				}
				scanned.add(name);
				monitors.addAll(monitorsIn(bytes));
			});
		}
		assertThat(scanned).as("classes scanned").hasSizeGreaterThan(150)
			.anyMatch((name) -> name.startsWith("io/github/distlock/core/spi/"))
			.anyMatch((name) -> name.startsWith("io/github/distlock/zookeeper/"))
			.anyMatch((name) -> name.startsWith("io/github/distlock/etcd/"))
			.anyMatch((name) -> name.startsWith("io/github/distlock/autoconfigure/"));
		assertThat(monitors).as("synchronized methods and blocks").isEmpty();
	}

	private static List<String> monitorsIn(byte[] bytes) {
		List<String> found = new ArrayList<>();
		new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {

			private String className;

			@Override
			public void visit(int version, int access, String name, String signature, String superName,
					String[] interfaces) {
				this.className = name;
			}

			@Override
			public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
					String[] exceptions) {
				String method = this.className.replace('/', '.') + "." + name;
				if ((access & Opcodes.ACC_SYNCHRONIZED) != 0) {
					found.add("synchronized method " + method);
				}
				return new MethodVisitor(Opcodes.ASM9) {
					@Override
					public void visitInsn(int opcode) {
						if (opcode == Opcodes.MONITORENTER) {
							found.add("synchronized block in " + method);
						}
					}
				};
			}

		}, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
		return found;
	}

	private interface ClassBytes {

		void accept(String name, byte[] bytes) throws IOException;

	}

	private static void forEachClass(URL root, ClassBytes action) throws IOException, URISyntaxException {
		if ("jar".equals(root.getProtocol())) {
			JarURLConnection connection = (JarURLConnection) root.openConnection();
			connection.setUseCaches(false);
			try (JarFile jar = connection.getJarFile()) {
				for (var entry : Collections.list(jar.entries())) {
					if (entry.getName().startsWith("io/github/distlock/") && entry.getName().endsWith(".class")) {
						try (InputStream in = jar.getInputStream(entry)) {
							action.accept(entry.getName(), in.readAllBytes());
						}
					}
				}
			}
			return;
		}
		Path directory = Path.of(root.toURI());
		Path classesRoot = directory.getParent().getParent().getParent();
		try (Stream<Path> files = Files.walk(directory)) {
			for (Path file : files.filter((file) -> file.toString().endsWith(".class")).toList()) {
				action.accept(classesRoot.relativize(file).toString(), Files.readAllBytes(file));
			}
		}
	}

}
