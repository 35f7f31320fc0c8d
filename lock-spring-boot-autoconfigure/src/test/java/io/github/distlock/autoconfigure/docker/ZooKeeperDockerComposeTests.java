package io.github.distlock.autoconfigure.docker;

import java.time.Duration;

import io.github.distlock.autoconfigure.ZooKeeperConnectionDetails;
import io.github.distlock.core.LockOperations;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.testcontainers.DockerClientFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Docker Compose support: an application whose compose file has a {@code zookeeper} service
 * locks on it without a connect string. Needs a Docker engine; skipped without one.
 */
class ZooKeeperDockerComposeTests {

	@Test
	void locksOnTheComposeFilesZooKeeper() {
		assumeTrue(DockerClientFactory.instance().isDockerAvailable(),
				"no Docker engine: Docker Compose test skipped");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
			.web(WebApplicationType.NONE)
			.run("--spring.docker.compose.enabled=true", "--spring.docker.compose.skip.in-tests=false",
					"--spring.docker.compose.file=src/test/resources/docker/zookeeper-compose.yaml",
					"--spring.docker.compose.lifecycle-management=start-and-stop",
					"--distributed-lock.zookeeper.connect-string=127.0.0.1:1")) {
			assertThat(context.getBean(ZooKeeperConnectionDetails.class).getConnectString()).doesNotEndWith(":1");
			assertThat(context.getBean(LockOperations.class).execute("compose", Duration.ofSeconds(10), () -> "ran"))
				.isEqualTo("ran");
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

}
