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

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * {@link ZooKeeperProcesses} with real server JVMs: a standalone server, an ensemble whose
 * leader is killed and restarted while a client goes on, a server that does not start, and no
 * process left after {@code close()}.
 */
class ZooKeeperProcessesTests {

	@Test
	void standaloneServerServesAndLeavesNeitherProcessNorDirectory() throws Exception {
		long pid;
		Path directory;
		try (ZooKeeperProcesses zookeeper = ZooKeeperProcesses.builder().fsync(false).start();
				CuratorFramework client = ZooKeeperTestSupport.connectedClient(zookeeper.connectString())) {
			pid = zookeeper.pid(1);
			directory = zookeeper.directory();
			assertThat(zookeeper.mode(1)).isEqualTo("standalone");
			assertThat(zookeeper.fourLetterWord(1, "ruok")).isEqualTo("imok");
			assertThat(Files.readString(zookeeper.directory().resolve("zk1/zoo.cfg"))).contains("forceSync=no");
			client.create().forPath("/standalone", "written".getBytes(StandardCharsets.UTF_8));
			assertThat(new String(client.getData().forPath("/standalone"), StandardCharsets.UTF_8)).isEqualTo("written");
		}
		assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty();
		assertThat(directory).doesNotExist();
	}

	@Test
	void ensembleElectsAnotherLeaderWhenItsLeaderIsKilledAndTakesItBackAsAFollower(@TempDir Path directory)
			throws Exception {
		List<Long> pids;
		try (ZooKeeperProcesses ensemble = ZooKeeperProcesses.builder()
			.servers(3)
			.directory(directory)
			.property("tickTime", "500")
			.property("initLimit", "20")
			.fsync(false)
			.start(); CuratorFramework client = ZooKeeperTestSupport.connectedClient(ensemble.connectString())) {
			client.create().forPath("/before", "1".getBytes(StandardCharsets.UTF_8));
			int leader = ensemble.awaitLeader(Duration.ofSeconds(10));
			assertThat(ensemble.follower()).isPresent();
			assertThat(ensemble.follower().getAsInt()).isNotEqualTo(leader);
			long killed = ensemble.pid(leader);

			ensemble.kill(leader);
			assertThat(ensemble.isRunning(leader)).isFalse();
			assertThat(ProcessHandle.of(killed).filter(ProcessHandle::isAlive)).isEmpty();
			assertThat(ensemble.mode(leader)).isEqualTo("down");
			int newLeader = ensemble.awaitLeader(Duration.ofSeconds(60));
			assertThat(newLeader).isNotEqualTo(leader);
			await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> {
				client.create().orSetData().forPath("/after", "2".getBytes(StandardCharsets.UTF_8));
				assertThat(client.getData().forPath("/before")).asString(StandardCharsets.UTF_8).isEqualTo("1");
			});

			ensemble.restart(leader);
			ensemble.awaitAllServing(Duration.ofSeconds(60));
			assertThat(ensemble.pid(leader)).isNotEqualTo(killed);
			assertThat(ensemble.mode(leader)).isEqualTo("follower");
			assertThat(ensemble.awaitLeader(Duration.ofSeconds(1))).isEqualTo(newLeader);
			try (CuratorFramework direct = ZooKeeperTestSupport.connectedClient(ensemble.connectString(leader))) {
				direct.sync().forPath("/after");
				assertThat(direct.getData().forPath("/after")).asString(StandardCharsets.UTF_8).isEqualTo("2");
			}
			assertThat(Files.readString(ensemble.log(leader))).isNotEmpty();
			pids = List.of(ensemble.pid(1), ensemble.pid(2), ensemble.pid(3));
		}
		assertThat(pids).allSatisfy((pid) -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty());
		assertThat(directory.resolve("zk1").resolve("data")).isDirectory();
	}

	@Test
	void aServerThatCannotStartFailsWithTheEndOfItsLogAndLeavesNoProcess(@TempDir Path directory) {
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> ZooKeeperProcesses.builder()
				.directory(directory)
				.property("tickTime", "not-a-number")
				.start())
			.withMessageContaining("ZooKeeper server 1 is not running (exit value")
			.withMessageContaining(directory.resolve("zk1").resolve("zookeeper.log").toString());
		assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive)).isEmpty();
	}

	@Test
	void whatEachServerHasOfItsOwnIsNotAProperty() {
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> ZooKeeperProcesses.builder().property("clientPort", "2181"))
			.withMessageContaining("'clientPort' is set for each server");
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> ZooKeeperProcesses.builder().property("server.1", "127.0.0.1:2888:3888"));
	}

}
