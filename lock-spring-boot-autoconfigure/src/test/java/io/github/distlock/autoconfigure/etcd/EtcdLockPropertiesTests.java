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

package io.github.distlock.autoconfigure.etcd;

import java.time.Duration;

import io.github.distlock.etcd.EtcdLockRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EtcdLockPropertiesTests {

	@Test
	@SuppressWarnings("deprecation")
	void defaultsAreTheBackendsDefaults() {
		EtcdLockProperties etcd = new EtcdLockProperties();
		EtcdLockRegistry.Options etcdDefaults = EtcdLockRegistry.Options.DEFAULTS;
		assertThat(etcd.getLeaseTtl()).isEqualTo(etcdDefaults.leaseTtl());
		assertThat(etcd.getLocalQueue().isEnabled()).isEqualTo(etcdDefaults.localQueue());
		assertThat(etcd.getLocalQueue().getMaxHandoffs()).isEqualTo(etcdDefaults.maxHandoffs()).isEqualTo(8);
		assertThat(etcd.getLocalQueue().getMaxHandoffTime()).isEqualTo(etcdDefaults.maxHandoffTime())
			.isEqualTo(Duration.ofMillis(100));
		assertThat(etcd.getLockLost().isInterruptHolder()).isEqualTo(etcdDefaults.interruptOnLoss());
	}

}
