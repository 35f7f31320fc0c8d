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

package io.github.distlock.benchmark;

import org.apache.zookeeper.server.ZooKeeperServerMain;

/**
 * Main class of the ZooKeeper server process: ZooKeeper's own {@link ZooKeeperServerMain}, which
 * also exits when the harness that started it is gone.
 */
public final class ZooKeeperServerLauncher {

	private ZooKeeperServerLauncher() {
	}

	/**
	 * Runs a standalone server.
	 * @param args the path of the configuration file, as for {@link ZooKeeperServerMain}
	 */
	public static void main(String[] args) {
		ParentWatch.haltWhenParentExits("ZooKeeper server");
		ZooKeeperServerMain.main(args);
	}

}
