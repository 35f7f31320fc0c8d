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

package io.github.distlock.boot.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Starts a real ZooKeeper server in the test's JVM for the test's application context, and
 * points the starter at it ({@code distributed-lock.zookeeper.connect-string}). The server is
 * the {@link ZooKeeperTestServer} bean: inject it to end the application's session, stop and
 * restart the server, or wait for a lock's state. It stops with the application context (which
 * test classes with the same configuration share, as Spring's test context cache does).
 * <pre class="code">
 * &#64;SpringBootTest
 * &#64;AutoConfigureEmbeddedZooKeeper
 * class ReportJobTests {
 *
 *     &#64;Autowired ZooKeeperTestServer zookeeper;
 *     …
 * }
 * </pre>
 *
 * @since 0.1.0
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface AutoConfigureEmbeddedZooKeeper {

}
