package io.github.distlock.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The goods-stock sample: a purchase that reads the stock, pauses, and writes it back, once
 * without a lock (it oversells when several instances race) and once under
 * {@code @DistributedLock} with a fencing token (it does not).
 * <p>
 * The oversell demo launcher ({@code io.github.distlock.sample.demo}) lives in the same jar but
 * has no Spring annotations, so component scanning does not pick anything up from it.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

}
