package io.github.distlock.campaign;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs a seeded fault campaign ({@code -Dcampaign.seed}, {@code -Dcampaign.duration}; a short
 * one in every build, a long one with {@code -Pfault-campaign}) and requires that it found no
 * violation, and that it did inject faults of several kinds and commit work of every kind, so
 * that it cannot pass by doing nothing.
 */
class FaultCampaignTests {

	@Test
	void seededCampaignFindsNoViolation() throws Exception {
		String seedProperty = System.getProperty("campaign.seed", "");
		long seed = seedProperty.isBlank() ? System.nanoTime() : Long.parseLong(seedProperty);
		Duration duration = parse(System.getProperty("campaign.duration", "75s"));
		System.out.println("Fault campaign: seed " + seed + ", faults for " + duration.toSeconds() + " s");
		CampaignResult result = new FaultCampaign(seed, duration, Path.of("target", "campaign-" + seed)).run();
		String report = result.report();
		System.out.println(report);
		assertThat(result.checker().violations()).as(report).isEmpty();
		assertThat(result.faults()).as("fault kinds injected").hasSizeGreaterThanOrEqualTo(4);
		for (String kind : new String[] { "MUTEX", "SEMAPHORE_MUTEX", "WRITE", "NESTED_MUTEX" }) {
			assertThat(result.outcomesByKind().get(kind)).as(kind).containsKey("COMMITTED");
		}
		assertThat(result.outcomesByKind().get("READ")).as("READ").containsKey("READ_CLEAN");
		assertThat(result.outcomesByKind().get("READ_IN_WRITE")).as("READ_IN_WRITE")
			.containsKey("COMMITTED+READ_CLEAN");
	}

	static Duration parse(String text) {
		String value = text.trim().toLowerCase();
		Map<String, Long> units = Map.of("ms", 1L, "s", 1_000L, "m", 60_000L, "h", 3_600_000L);
		for (String unit : new String[] { "ms", "s", "m", "h" }) {
			if (value.endsWith(unit)) {
				return Duration.ofMillis(
						Long.parseLong(value.substring(0, value.length() - unit.length())) * units.get(unit));
			}
		}
		return Duration.ofSeconds(Long.parseLong(value));
	}

}
