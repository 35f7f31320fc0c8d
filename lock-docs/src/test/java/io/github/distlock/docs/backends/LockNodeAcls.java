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
package io.github.distlock.docs.backends;

import java.util.List;

import org.apache.curator.framework.api.ACLProvider;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * ACLs of the application's own for the nodes the starter creates.
 */
@Configuration(proxyBeanMethods = false)
class LockNodeAcls {

	// tag::acl-provider[]
	@Bean
	ACLProvider lockNodeAcls() {
		// everything for the identity the application authenticated as, READ for an operator
		List<ACL> acls = List.of(new ACL(ZooDefs.Perms.ALL, ZooDefs.Ids.AUTH_IDS),
				new ACL(ZooDefs.Perms.READ, new Id("sasl", "operator")));
		return new ACLProvider() {

			@Override
			public List<ACL> getDefaultAcl() {
				return acls;
			}

			@Override
			public List<ACL> getAclForPath(String path) {
				return acls;
			}

		};
	}
	// end::acl-provider[]

}
