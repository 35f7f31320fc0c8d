package io.github.distlock.sample;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the purchase.
 *
 * @param pauseMin shortest pause between reading the stock and writing it back
 * @param pauseMax longest pause between reading the stock and writing it back; the pause is
 * drawn at random between the two and widens the race window, as slow business logic would
 */
@ConfigurationProperties("sample.purchase")
public record PurchaseProperties(@DefaultValue("5ms") Duration pauseMin, @DefaultValue("20ms") Duration pauseMax) {

	public PurchaseProperties {
		if (pauseMin.isNegative() || pauseMax.compareTo(pauseMin) < 0) {
			throw new IllegalArgumentException("sample.purchase.pause-min must be >= 0 and <= pause-max, but were "
					+ pauseMin + " and " + pauseMax);
		}
	}

}
