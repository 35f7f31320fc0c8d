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

package io.github.distlock.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.actuate.LeadersEndpoint;
import io.github.distlock.actuate.LeadershipHealthIndicator;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.etcd.EtcdHealthIndicator;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.metrics.LockMetricsListener;
import io.github.distlock.observation.LockObservationListener;
import io.github.distlock.test.etcd.EtcdServerExtension;
import io.github.distlock.zookeeper.EmbeddedZooKeeperServer;
import io.github.distlock.zookeeper.ZooKeeperHealthIndicator;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The public names that moved to a package of their technology still work under their old
 * names: an auto-configuration's in {@code AutoConfigurations.of}, {@code @ImportAutoConfiguration},
 * {@code spring.autoconfigure.exclude} and {@code after}; a properties class, connection details
 * and a customizer as bean types.
 */
@SuppressWarnings("deprecation")
class DeprecatedNamesTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private static final String REPLACEMENTS = "META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.replacements";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());

	@Test
	void everyOldNameIsADeprecatedClassReplacedByACandidate() throws IOException {
		Properties replacements = replacements();
		List<String> candidates = ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader())
			.getCandidates();
		assertThat(replacements).isNotEmpty();
		replacements.forEach((oldName, newName) -> {
			assertThat(candidates).as("candidates").contains((String) newName).doesNotContain((String) oldName);
			assertThat(load((String) oldName)).as("%s", oldName).hasAnnotation(Deprecated.class);
		});
	}

	@Test
	void oldAutoConfigurationNamesWorkInAutoConfigurations() {
		this.runner
			.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class,
					ZookeeperHealthContributorAutoConfiguration.class, LockEngineAutoConfiguration.class,
					DistributedLockAutoConfiguration.class, HealthContributorAutoConfiguration.class,
					HealthContributorRegistryAutoConfiguration.class))
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(ZooKeeperLockBackend.class)
					.hasSingleBean(LockOperations.class)
					.hasSingleBean(ZooKeeperHealthIndicator.class);
				context.getBean(LockOperations.class).execute("old-names", java.time.Duration.ofSeconds(5), () -> null);
			});
	}

	@Test
	void oldAutoConfigurationNamesWorkInImportAutoConfiguration() {
		// ordered by their own after and before: the embedded server's client comes first
		this.runner.withUserConfiguration(ImportsOldNames.class)
			.withPropertyValues("distributed-lock.zookeeper.embedded.enabled=true")
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(EmbeddedZooKeeperServer.class)
					.hasSingleBean(CuratorFramework.class)
					.hasSingleBean(LockOperations.class)
					.hasSingleBean(ZooKeeperHealthIndicator.class);
				assertThat(context.getBean(CuratorFramework.class).getZookeeperClient().getCurrentConnectionString())
					.isEqualTo(context.getBean(EmbeddedZooKeeperServer.class).getConnectString());
				context.getBean(LockOperations.class).execute("imported", java.time.Duration.ofSeconds(5), () -> null);
			});
	}

	@Test
	void excludingAnOldNameExcludesTheNewOne() {
		ApplicationContextRunner autoConfigured = this.runner.withUserConfiguration(AutoConfigured.class);
		autoConfigured
			.withPropertyValues(
					"spring.autoconfigure.exclude=io.github.distlock.autoconfigure.ZookeeperHealthContributorAutoConfiguration")
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(LockOperations.class)
				.doesNotHaveBean(ZooKeeperHealthIndicator.class)
				.doesNotHaveBean("zookeeperHealthIndicator"));
		autoConfigured
			.withPropertyValues("spring.autoconfigure.exclude=io.github.distlock.autoconfigure.ZooKeeperLockAutoConfiguration")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(CuratorFramework.class)
				.doesNotHaveBean(LockBackend.class)
				.doesNotHaveBean(LockRegistry.class));
	}

	@Test
	void oldEtcdNamesWorkInImportAutoConfigurationAndTheirPropertiesByTheOldType() {
		new ApplicationContextRunner().withUserConfiguration(ImportsOldEtcdNames.class)
			.withPropertyValues("distributed-lock.backend=etcd", "distributed-lock.etcd.endpoints=" + etcd.endpoint(),
					"distributed-lock.etcd.root-path=/old-type")
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(EtcdLockBackend.class)
					.hasSingleBean(EtcdHealthIndicator.class)
					.hasSingleBean(EtcdLockProperties.class)
					.hasSingleBean(io.github.distlock.autoconfigure.etcd.EtcdLockProperties.class);
				assertThat(context.getBean(EtcdLockProperties.class).getRootPath()).isEqualTo("/old-type");
				context.getBean(LockOperations.class).execute("old-etcd", java.time.Duration.ofSeconds(5), () -> null);
			});
	}

	@Test
	void excludingAnOldEtcdNameExcludesTheNewOne() {
		new ApplicationContextRunner().withUserConfiguration(AutoConfigured.class)
			.withPropertyValues("distributed-lock.backend=etcd", "distributed-lock.etcd.endpoints=" + etcd.endpoint(),
					"spring.autoconfigure.exclude=io.github.distlock.autoconfigure.EtcdHealthContributorAutoConfiguration")
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(EtcdLockBackend.class)
				.doesNotHaveBean("etcdHealthIndicator"));
	}

	@Test
	void oldLeaderNamesWorkInImportAutoConfigurationAndTheirPropertiesByTheOldType() {
		this.runner.withUserConfiguration(ImportsOldLeaderNames.class)
			.withPropertyValues("distributed-lock.leader.participant-id=old-type",
					"management.endpoints.web.exposure.include=leaders")
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(LeaderElections.class)
					.hasSingleBean(LeadersEndpoint.class)
					.hasSingleBean(LeadershipHealthIndicator.class)
					.hasSingleBean(LeaderElectionProperties.class)
					.hasSingleBean(io.github.distlock.autoconfigure.leader.LeaderElectionProperties.class);
				assertThat(context.getBean(LeaderElectionProperties.class).getParticipantId()).isEqualTo("old-type");
			});
	}

	@Test
	void excludingAnOldLeaderNameExcludesTheNewOne() {
		this.runner.withUserConfiguration(AutoConfigured.class)
			.withPropertyValues("spring.autoconfigure.exclude=io.github.distlock.autoconfigure.LeaderElectionAutoConfiguration")
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(LockOperations.class)
				.doesNotHaveBean(LeaderElections.class));
	}

	@Test
	void oldObservabilityNamesWorkInImportAutoConfiguration() {
		this.runner.withUserConfiguration(ImportsOldObservabilityNames.class)
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(LockMetricsListener.class)
				.hasSingleBean(LockObservationListener.class));
	}

	@Test
	void excludingOldObservabilityNamesExcludesTheNewOnes() {
		this.runner.withUserConfiguration(AutoConfigured.class)
			.withPropertyValues("spring.autoconfigure.exclude="
					+ "io.github.distlock.autoconfigure.DistributedLockMetricsAutoConfiguration,"
					+ "io.github.distlock.autoconfigure.DistributedLockObservationAutoConfiguration")
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(LockOperations.class)
				.doesNotHaveBean(LockMetricsListener.class)
				.doesNotHaveBean(LockObservationListener.class));
	}

	@Test
	void anAutoConfigurationAfterAnOldNameComesAfterTheNewOne() {
		// alphabetically this test's class comes before ...autoconfigure.zookeeper.*
		this.runner
			.withConfiguration(AutoConfigurations.of(AfterOldName.class,
					io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed().hasBean("sawTheBackend"));
	}

	@Test
	void oldPropertiesTypesAreTheBoundBeans() {
		this.runner.withConfiguration(AutoConfigurations.of(EmbeddedZooKeeperAutoConfiguration.class,
				ZooKeeperLockAutoConfiguration.class))
			.withPropertyValues("distributed-lock.zookeeper.embedded.enabled=true",
					"distributed-lock.zookeeper.root-path=/old-type")
			.run((context) -> {
				assertThat(context).hasSingleBean(ZooKeeperLockProperties.class)
					.hasSingleBean(io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockProperties.class)
					.hasSingleBean(EmbeddedZooKeeperProperties.class)
					.hasSingleBean(io.github.distlock.autoconfigure.zookeeper.EmbeddedZooKeeperProperties.class);
				assertThat(context.getBean(ZooKeeperLockProperties.class).getRootPath()).isEqualTo("/old-type");
				assertThat(context.getBean(EmbeddedZooKeeperProperties.class).isEnabled()).isTrue();
			});
	}

	@Test
	void nestedTypesOfTheOldPropertiesStillResolveInSource() {
		ZooKeeperLockProperties properties = new ZooKeeperLockProperties();
		ZooKeeperLockProperties.Acl acl = ZooKeeperLockProperties.Acl.CREATOR_ALL;
		properties.setAcl(acl);
		ZooKeeperLockProperties.Sasl sasl = properties.getSasl();
		EtcdLockProperties.Ssl ssl = new EtcdLockProperties().getSsl();
		assertThat(properties.getAcl())
			.isSameAs(io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockProperties.Acl.CREATOR_ALL);
		assertThat(sasl.isFipsMode()).isTrue();
		assertThat(ssl.getBundle()).isNull();
	}

	@Test
	void oldConnectionDetailsAndCustomizerTypesStillApply() {
		this.runner.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class))
			.withPropertyValues("distributed-lock.zookeeper.connect-string=127.0.0.1:1")
			.withBean(ZooKeeperConnectionDetails.class, () -> zookeeper::connectString)
			.withBean(CuratorFrameworkBuilderCustomizer.class, () -> (builder) -> builder.namespace("old-customizer"))
			.run((context) -> {
				CuratorFramework client = context.getBean(CuratorFramework.class);
				assertThat(client.getZookeeperClient().getCurrentConnectionString()).isEqualTo(zookeeper.connectString());
				assertThat(client.getNamespace()).isEqualTo("old-customizer");
			});
	}

	@Test
	void theAutoConfiguredConnectionDetailsHaveTheOldTypeToo() {
		this.runner.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class))
			.run((context) -> assertThat(context).getBean(ZooKeeperConnectionDetails.class)
				.isSameAs(context.getBean(io.github.distlock.autoconfigure.zookeeper.ZooKeeperConnectionDetails.class)));
	}

	private static Properties replacements() throws IOException {
		Properties replacements = new Properties();
		try (InputStream in = DeprecatedNamesTests.class.getClassLoader().getResourceAsStream(REPLACEMENTS)) {
			assertThat(in).as(REPLACEMENTS).isNotNull();
			replacements.load(in);
		}
		return replacements;
	}

	private static Class<?> load(String name) {
		try {
			return Class.forName(name);
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ ZookeeperHealthContributorAutoConfiguration.class, DistributedLockAutoConfiguration.class,
			LockEngineAutoConfiguration.class, ZooKeeperLockAutoConfiguration.class,
			EmbeddedZooKeeperAutoConfiguration.class, HealthContributorAutoConfiguration.class,
			HealthContributorRegistryAutoConfiguration.class })
	static class ImportsOldNames {

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ EtcdHealthContributorAutoConfiguration.class, DistributedLockAutoConfiguration.class,
			LockEngineAutoConfiguration.class, EtcdLockAutoConfiguration.class, HealthContributorAutoConfiguration.class,
			HealthContributorRegistryAutoConfiguration.class })
	static class ImportsOldEtcdNames {

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ LeadershipHealthContributorAutoConfiguration.class,
			LeadersEndpointAutoConfiguration.class, LeaderElectionAutoConfiguration.class,
			DistributedLockAutoConfiguration.class, LockEngineAutoConfiguration.class,
			ZooKeeperLockAutoConfiguration.class, HealthContributorAutoConfiguration.class,
			HealthContributorRegistryAutoConfiguration.class })
	static class ImportsOldLeaderNames {

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DistributedLockObservationAutoConfiguration.class,
			DistributedLockMetricsAutoConfiguration.class, DistributedLockAutoConfiguration.class,
			LockEngineAutoConfiguration.class, ZooKeeperLockAutoConfiguration.class, ObservationAutoConfiguration.class,
			MetricsAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
			CompositeMeterRegistryAutoConfiguration.class })
	static class ImportsOldObservabilityNames {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class AutoConfigured {

	}

	@AutoConfiguration(after = ZooKeeperLockAutoConfiguration.class)
	static class AfterOldName {

		@Bean
		@ConditionalOnBean(LockBackend.class)
		String sawTheBackend() {
			return "saw it";
		}

	}

}
