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

package io.github.distlock.autoconfigure.fencing;

import java.util.ArrayList;
import java.util.List;

import io.github.distlock.fencing.http.InMemoryHighWaterMarks;
import io.github.distlock.fencing.http.JdbcHighWaterMarks;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Fencing tokens over HTTP: the clients that send them and the server filter that checks them.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("distributed-lock.fencing.http")
public class HttpFencingProperties {

	private final Client client = new Client();

	private final Server server = new Server();

	public Client getClient() {
		return this.client;
	}

	public Server getServer() {
		return this.server;
	}

	/**
	 * The clients' side.
	 */
	public static class Client {

		/**
		 * Whether RestClient, RestTemplate and WebClient builders send the fencing token of each
		 * held lock in a Lock-Fencing-Token header.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * The server's side.
	 */
	public static class Server {

		/**
		 * Whether to refuse, with 409, a request whose Lock-Fencing-Token for a key is lower than
		 * the highest this server accepted for it (a Spring MVC or WebFlux filter).
		 */
		private boolean enabled;

		/**
		 * Where the highest accepted tokens are kept: 'jdbc' in the application's database,
		 * shared by every instance; 'memory' in this process, for at most max-keys keys; 'auto'
		 * for 'jdbc' when the context has one DataSource and 'memory' otherwise.
		 */
		private Store store = Store.AUTO;

		/**
		 * How many keys the in-memory store remembers; past it, the mark of the key accepted
		 * least recently is forgotten, and that key then accepts any token.
		 */
		private int maxKeys = InMemoryHighWaterMarks.DEFAULT_MAX_KEYS;

		/**
		 * Table of the JDBC store, optionally qualified by its schema.
		 */
		private String table = JdbcHighWaterMarks.DEFAULT_TABLE;

		/**
		 * Whether to create the JDBC store's table at start-up when it does not exist.
		 */
		private boolean createTable = true;

		/**
		 * Paths within the application whose requests are checked, as Spring's path patterns
		 * ('/orders/**'); every path when empty.
		 */
		private List<String> pathPatterns = new ArrayList<>();

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public Store getStore() {
			return this.store;
		}

		public void setStore(Store store) {
			this.store = store;
		}

		public int getMaxKeys() {
			return this.maxKeys;
		}

		public void setMaxKeys(int maxKeys) {
			this.maxKeys = maxKeys;
		}

		public String getTable() {
			return this.table;
		}

		public void setTable(String table) {
			this.table = table;
		}

		public boolean isCreateTable() {
			return this.createTable;
		}

		public void setCreateTable(boolean createTable) {
			this.createTable = createTable;
		}

		public List<String> getPathPatterns() {
			return this.pathPatterns;
		}

		public void setPathPatterns(List<String> pathPatterns) {
			this.pathPatterns = pathPatterns;
		}

	}

	/**
	 * Where a server keeps the highest tokens it accepted.
	 */
	public enum Store {

		/** JDBC when the context has one {@code DataSource}, memory otherwise. */
		AUTO,

		/** The application's database, shared by every instance of the server. */
		JDBC,

		/** This process's memory, bounded. */
		MEMORY

	}

}
