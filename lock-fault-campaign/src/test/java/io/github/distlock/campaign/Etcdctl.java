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

package io.github.distlock.campaign;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.etcd.EtcdServer;

/**
 * etcd's command-line client, {@code etcdctl} beside the {@code etcd} binary, run against the
 * cluster's members directly (no proxy): what an operator would type.
 */
final class Etcdctl {

	private final String endpoints;

	Etcdctl(List<String> endpoints) {
		this.endpoints = String.join(",", endpoints);
	}

	/** {@code etcdctl lease revoke <id>}: the lease's keys are deleted at once. */
	void revoke(long leaseId) throws Exception {
		run("lease", "revoke", Long.toHexString(leaseId));
	}

	/** {@code etcdctl lease list}: the leases etcd holds. */
	List<Long> leases() throws Exception {
		List<Long> leases = new ArrayList<>();
		for (String line : run("lease", "list").split("\n")) {
			if (line.matches("[0-9a-f]+")) {
				leases.add(Long.parseUnsignedLong(line, 16));
			}
		}
		return leases;
	}

	/** {@code etcdctl lease timetolive <id> --keys}: what is left of a lease, and its keys. */
	String describe(long leaseId) throws Exception {
		return run("lease", "timetolive", Long.toHexString(leaseId), "--keys").trim();
	}

	private String run(String... arguments) throws Exception {
		List<String> command = new ArrayList<>(List.of(binary().toString(), "--endpoints=" + this.endpoints,
				"--command-timeout=5s"));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!process.waitFor(15, TimeUnit.SECONDS) || process.exitValue() != 0) {
			process.destroyForcibly();
			throw new IllegalStateException(String.join(" ", command) + " failed: " + output.trim());
		}
		return output;
	}

	private static Path binary() {
		return EtcdServer.binary().resolveSibling("etcdctl");
	}

}
