package io.github.distlock.sample;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The restock job: off unless enabled, so that the oversell race counts only purchases.
 *
 * @param enabled whether every instance schedules the job (only the leader of the
 * {@code restock} election runs it)
 * @param interval the delay between two runs
 * @param goodsNo the goods to restock
 * @param level the stock a run fills the goods up to
 */
@ConfigurationProperties("sample.restock")
public record RestockProperties(@DefaultValue("false") boolean enabled, @DefaultValue("10s") Duration interval,
		@DefaultValue("1") long goodsNo, @DefaultValue("100") int level) {

	public RestockProperties {
		if (level < 0) {
			throw new IllegalArgumentException("sample.restock.level must not be negative, but was " + level);
		}
	}

}
