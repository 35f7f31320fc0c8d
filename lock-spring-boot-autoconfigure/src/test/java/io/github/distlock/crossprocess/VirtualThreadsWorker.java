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

package io.github.distlock.crossprocess;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.distlock.core.LockOperations;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.AsyncTaskExecutor;

/**
 * A JVM (21 or later) for {@code VirtualThreadsCrossProcessTests}: an application with
 * {@code spring.threads.virtual.enabled=true} runs many tasks on its task executor's virtual
 * threads, each taking one of a few locks, while Java Flight Recorder records every pinning of a
 * carrier thread, and why. Prints what it saw.
 */
public final class VirtualThreadsWorker {

	private VirtualThreadsWorker() {
	}

	public static void main(String[] args) throws Exception {
		String connectString = args[0];
		int tasks = Integer.parseInt(args[1]);
		int keys = Integer.parseInt(args[2]);
		Path jfr = Path.of(args[3]);
		try (Recording recording = new Recording();
				ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
					.run("--distributed-lock.zookeeper.connect-string=" + connectString,
							"--spring.threads.virtual.enabled=true", "--spring.main.web-application-type=none",
							"--spring.main.banner-mode=off", "--logging.level.root=WARN")) {
			LockOperations locks = context.getBean(LockOperations.class);
			AsyncTaskExecutor executor = context.getBean("applicationTaskExecutor", AsyncTaskExecutor.class);
			// once first, so that loading and initializing classes (which pins) is not recorded
			for (int key = 0; key < keys; key++) {
				String warmUp = "vt:" + key;
				executor.submit(() -> locks.execute(warmUp, Duration.ofSeconds(30), () -> null)).get();
			}
			recording.enable("jdk.VirtualThreadPinned").withoutThreshold().withStackTrace();
			recording.start();
			AtomicInteger[] inside = new AtomicInteger[keys];
			for (int i = 0; i < keys; i++) {
				inside[i] = new AtomicInteger();
			}
			AtomicInteger completed = new AtomicInteger();
			AtomicInteger overlaps = new AtomicInteger();
			AtomicInteger virtual = new AtomicInteger();
			AtomicInteger failures = new AtomicInteger();
			AtomicLong maxInside = new AtomicLong();
			CountDownLatch done = new CountDownLatch(tasks);
			for (int t = 0; t < tasks; t++) {
				int key = t % keys;
				executor.execute(() -> {
					try {
						if (isVirtual(Thread.currentThread())) {
							virtual.incrementAndGet();
						}
						locks.execute("vt:" + key, Duration.ofMinutes(5), () -> {
							int now = inside[key].incrementAndGet();
							maxInside.accumulateAndGet(now, Math::max);
							if (now > 1) {
								overlaps.incrementAndGet();
							}
							Thread.yield();
							inside[key].decrementAndGet();
							return null;
						});
						completed.incrementAndGet();
					}
					catch (RuntimeException ex) {
						failures.incrementAndGet();
						ex.printStackTrace();
					}
					finally {
						done.countDown();
					}
				});
			}
			if (!done.await(5, TimeUnit.MINUTES)) {
				System.out.println("timed out");
			}
			recording.stop();
			recording.dump(jfr);
			List<RecordedEvent> pinned = RecordingFile.readAllEvents(jfr);
			int ours = 0;
			for (RecordedEvent event : pinned) {
				boolean inStarter = event.getStackTrace() != null && event.getStackTrace()
					.getFrames()
					.stream()
					.map(RecordedFrame::getMethod)
					.anyMatch((method) -> method.getType().getName().startsWith("io.github.distlock."));
				String reason = event.hasField("pinnedReason") ? event.getString("pinnedReason") : "";
				// from JDK 24 a monitor pins only where the JVM says so; its own reasons (a native or
				// VM frame, a method handle being linked) are not the starter's doing
				if (inStarter && reason != null && reason.toLowerCase(Locale.ROOT).contains("monitor")) {
					ours++;
				}
				System.out.println("pinned event: " + reason
						+ " " + ((event.getStackTrace() != null)
						? event.getStackTrace().getFrames().stream().limit(8).map((frame) -> frame.getMethod().getType().getName()
								+ "." + frame.getMethod().getName()).toList() : "no stack"));
			}
			System.out.println("java=" + Runtime.version().feature() + " completed=" + completed + " failures=" + failures
					+ " overlaps=" + overlaps + " maxInside=" + maxInside + " virtual=" + virtual + " pinned="
					+ pinned.size() + " pinnedByMonitorInStarter=" + ours);
			Files.deleteIfExists(jfr);
		}
	}

	private static boolean isVirtual(Thread thread) {
		try {
			return (Boolean) Thread.class.getMethod("isVirtual").invoke(thread);
		}
		catch (ReflectiveOperationException ex) {
			return false;
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

}
