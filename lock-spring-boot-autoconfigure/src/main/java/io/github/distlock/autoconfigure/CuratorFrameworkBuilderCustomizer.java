package io.github.distlock.autoconfigure;

import org.apache.curator.framework.CuratorFrameworkFactory;

/**
 * Customizes the {@link CuratorFrameworkFactory.Builder} of the auto-configured client, after
 * the properties are applied. Customizers run in {@code @Order} order.
 */
@FunctionalInterface
public interface CuratorFrameworkBuilderCustomizer {

	/**
	 * Customizes the builder.
	 * @param builder the builder
	 */
	void customize(CuratorFrameworkFactory.Builder builder);

}
