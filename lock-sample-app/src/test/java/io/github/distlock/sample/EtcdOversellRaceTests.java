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

package io.github.distlock.sample;

import java.util.List;

import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The race on one shared in-memory H2 database and a real etcd server, the instances running
 * with the sample's {@code etcd} profile: the same annotation, the same outcome as on ZooKeeper.
 * Skipped without an {@code etcd} binary.
 */
class EtcdOversellRaceTests extends AbstractOversellRaceTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	@Override
	protected String jdbcUrl() {
		return "jdbc:h2:mem:oversell-race-etcd;DB_CLOSE_DELAY=-1";
	}

	@Override
	protected List<String> lockArguments() {
		return AppInstances.onEtcd(etcd.endpoint());
	}

	@Override
	protected long goodsBase() {
		return 4000;
	}

}
