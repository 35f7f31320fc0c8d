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

package io.github.distlock.test.zookeeper;

import org.apache.zookeeper.server.quorum.QuorumPeerMain;

/**
 * Main class of a {@link ZooKeeperProcesses} server JVM: ZooKeeper's own {@link QuorumPeerMain}
 * (which runs a standalone server when its configuration lists no other server), halted as soon
 * as the JVM that started it is gone, so that no server outlives a test JVM or a harness killed
 * with SIGKILL.
 */
final class ZooKeeperProcessMain {

	private ZooKeeperProcessMain() {
	}

	/**
	 * Runs a server.
	 * @param args the path of its {@code zoo.cfg}, as for {@link QuorumPeerMain}
	 */
	public static void main(String[] args) {
		ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
		if (parent == null || !parent.isAlive()) {
			halt();
		}
		parent.onExit().thenRun(ZooKeeperProcessMain::halt);
		QuorumPeerMain.main(args);
	}

	private static void halt() {
		System.err.println("ZooKeeper server: the process that started it is gone; exiting");
		Runtime.getRuntime().halt(3);
	}

}
