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
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface AutoConfigureEmbeddedZooKeeper {

}
