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

package io.github.distlock.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The race page end to end in headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}, installed here when missing and possible): the sample on H2 and its
 * embedded ZooKeeper, a locked race started from the page sells exactly the stock with its
 * tokens in order, an unlocked one oversells, and the chart draws a series per instance. Saves a
 * screenshot under {@code target/}.
 */
class RacePageBrowserTests {

	private static ConfigurableApplicationContext application;

	private static ChromeDriver browser;

	@BeforeAll
	static void start() {
		assumeTrue(Chromium.available(), "Chromium and ChromeDriver are not installed and could not be: race page test skipped");
		application = new SpringApplicationBuilder(SampleApplication.class).web(WebApplicationType.SERVLET)
			.run("--server.port=0", "--spring.main.banner-mode=off", "--logging.level.root=WARN",
					"--spring.datasource.url=jdbc:h2:mem:race;DB_CLOSE_DELAY=-1");
		ChromeOptions options = new ChromeOptions();
		options.setBinary(Chromium.BROWSER);
		options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--window-size=1200,1250");
		browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(Chromium.DRIVER.toFile())
			.usingAnyFreePort()
			.build(), options);
	}

	@AfterAll
	static void stop() {
		if (browser != null) {
			browser.quit();
		}
		if (application != null) {
			application.close();
		}
	}

	@Test
	void aLockedRaceSellsTheStockExactlyAndAnUnlockedOneOversells() throws IOException {
		browser.get("http://localhost:" + application.getEnvironment().getProperty("local.server.port") + "/race.html");
		List<String> locked = race("locked", 3, 300, 50, 1);
		// run, requests, 200 ok, sold out, lock errors, other, orders, final stock, oversold, lost updates, tokens
		assertThat(locked.get(0)).isEqualTo("locked");
		assertThat(locked.subList(1, 10)).containsExactly("300", "50", "250", "0", "0", "50", "0", "0", "0");
		assertThat(locked.get(10)).startsWith("in order: 50 tokens");
		assertThat(browser.findElements(By.cssSelector("#chart .u-legend .u-series"))).as("x, stock and 3 instances")
			.hasSize(5);
		Files.createDirectories(Path.of("target"));
		Files.write(Path.of("target", "race-page.png"), browser.getScreenshotAs(OutputType.BYTES));

		List<String> unlocked = race("unlocked", 3, 300, 50, 2);
		assertThat(unlocked.get(0)).isEqualTo("unlocked");
		assertThat(Long.parseLong(unlocked.get(8))).as("oversold").isPositive();
		assertThat(Long.parseLong(unlocked.get(9))).as("lost updates").isPositive();
		Files.write(Path.of("target", "race-page-both.png"), browser.getScreenshotAs(OutputType.BYTES));
	}

	/** Starts a race from the page and waits for its row in the table. */
	private static List<String> race(String mode, int instances, int buyers, int stock, int rows) {
		browser.findElement(By.cssSelector("#mode option[value='" + mode + "']")).click();
		type("instances", instances);
		type("buyers", buyers);
		type("stock", stock);
		browser.findElement(By.id("start")).click();
		await().atMost(Duration.ofMinutes(3))
			.until(() -> browser.findElements(By.cssSelector("#result tbody tr")).size() == rows);
		WebElement row = browser.findElements(By.cssSelector("#result tbody tr")).get(rows - 1);
		assertThat(browser.findElement(By.id("state")).getText()).isEqualTo("DONE");
		return row.findElements(By.tagName("td")).stream().map(WebElement::getText).toList();
	}

	private static void type(String id, int value) {
		WebElement input = browser.findElement(By.id(id));
		input.clear();
		input.sendKeys(String.valueOf(value));
	}

	/**
	 * Debian's Chromium and ChromeDriver, installed with apt-get when missing and this runs as
	 * root.
	 */
	static final class Chromium {

		static final String BROWSER = "/usr/bin/chromium";

		static final Path DRIVER = Path.of("/usr/bin/chromedriver");

		static boolean available() {
			if (installed()) {
				return true;
			}
			if (!"root".equals(System.getProperty("user.name")) || !Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
				return false;
			}
			try {
				run("apt-get", "install", "-y", "-qq", "chromium", "chromium-driver");
				if (!installed()) {
					run("apt-get", "update", "-qq");
					run("apt-get", "install", "-y", "-qq", "chromium", "chromium-driver");
				}
			}
			catch (IOException ex) {
				return false;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
			return installed();
		}

		private static boolean installed() {
			return Files.isExecutable(Path.of(BROWSER)) && Files.isExecutable(DRIVER);
		}

		private static void run(String... command) throws IOException, InterruptedException {
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			if (!process.waitFor(10, TimeUnit.MINUTES)) {
				process.destroyForcibly();
			}
		}

	}

}
