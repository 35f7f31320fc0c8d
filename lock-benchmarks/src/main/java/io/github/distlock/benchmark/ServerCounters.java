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

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.distlock.test.zookeeper.ZooKeeperProcesses;

/**
 * The server's own counters from {@code mntr}, or the difference between two readings.
 *
 * @param packets {@code zk_packets_received}: every request packet from every client (reads,
 * writes, pings, session set-up) and the four-letter-word probes themselves
 * @param writes {@code zk_cnt_updatelatency}: requests that went through the write path,
 * failed ones included (a create that finds no parent)
 * @param reads {@code zk_cnt_readlatency}: requests answered without a transaction (reads,
 * pings)
 * @param fsyncs {@code zk_cnt_fsynctime}: fsyncs of the transaction log; one covers a batch of
 * writes
 * @param znodes {@code zk_znode_count}: znodes in the tree
 */
record ServerCounters(long packets, long writes, long reads, long fsyncs, long znodes) {

	/**
	 * Reads the counters of a standalone server.
	 * @param server the server
	 * @return its counters now
	 * @throws IOException if it does not answer
	 */
	static ServerCounters read(ZooKeeperProcesses server) throws IOException {
		return of(mntr(server));
	}

	/**
	 * Reads every value of a standalone server's {@code mntr}.
	 * @param server the server
	 * @return name to value, in the server's order
	 * @throws IOException if it does not answer
	 */
	static Map<String, String> mntr(ZooKeeperProcesses server) throws IOException {
		Map<String, String> values = new LinkedHashMap<>();
		for (String line : server.fourLetterWord(1, "mntr").split("\n")) {
			int tab = line.indexOf('\t');
			if (tab > 0) {
				values.put(line.substring(0, tab), line.substring(tab + 1).trim());
			}
		}
		return values;
	}

	static ServerCounters of(Map<String, String> mntr) {
		return new ServerCounters(value(mntr, "zk_packets_received"), value(mntr, "zk_cnt_updatelatency"),
				value(mntr, "zk_cnt_readlatency"), value(mntr, "zk_cnt_fsynctime"), value(mntr, "zk_znode_count"));
	}

	/**
	 * What happened between an earlier reading and this one. The {@code mntr} probe that took
	 * this reading counts itself as a packet: it is taken off.
	 * @param before the earlier reading
	 * @return the difference ({@code znodes} is the change in the node count)
	 */
	ServerCounters since(ServerCounters before) {
		return new ServerCounters(this.packets - before.packets - 1, this.writes - before.writes,
				this.reads - before.reads, this.fsyncs - before.fsyncs, this.znodes - before.znodes);
	}

	ServerCounters plus(ServerCounters other) {
		return new ServerCounters(this.packets + other.packets, this.writes + other.writes, this.reads + other.reads,
				this.fsyncs + other.fsyncs, this.znodes + other.znodes);
	}

	private static long value(Map<String, String> mntr, String name) {
		String value = mntr.get(name);
		if (value == null) {
			throw new IllegalStateException("ZooKeeper's mntr output has no '" + name + "'; it has " + mntr.keySet());
		}
		return Long.parseLong(value.trim());
	}

}
