package io.github.distlock.boot.test;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Gives the test contexts of classes annotated with {@link AutoConfigureEmbeddedZooKeeper} a
 * ZooKeeper server of their own.
 */
class EmbeddedZooKeeperContextCustomizerFactory implements ContextCustomizerFactory {

	@Override
	public @Nullable ContextCustomizer createContextCustomizer(Class<?> testClass,
			List<ContextConfigurationAttributes> configAttributes) {
		return TestContextAnnotationUtils.hasAnnotation(testClass, AutoConfigureEmbeddedZooKeeper.class)
				? new EmbeddedZooKeeperContextCustomizer() : null;
	}

}
