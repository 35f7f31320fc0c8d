package io.github.distlock.benchmark;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The Spring application the starter's implementations run in: auto-configuration as in any
 * application, plus the bean with the annotated method.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
class BenchmarkApplication {

	@Bean
	LockedMethods lockedMethods() {
		return new LockedMethods();
	}

}
