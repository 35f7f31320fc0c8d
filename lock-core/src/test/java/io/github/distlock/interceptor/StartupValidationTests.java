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

package io.github.distlock.interceptor;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryLockingConfiguration;
import io.github.distlock.core.memory.InMemoryLockingConfiguration.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * An invalid {@code @DistributedLock} fails the application start with a message that names
 * the method, before any call.
 */
class StartupValidationTests {

	private final InMemoryLockService service = new InMemoryLockService();

	/**
	 * A context with the locking infrastructure and one bean of the class, not started yet.
	 */
	private AnnotationConfigApplicationContext context(Class<?> beanClass) {
		AnnotationConfigApplicationContext context = InMemoryLockingConfiguration.prepare(this.service,
				Settings.DEFAULTS);
		context.setClassLoader(beanClass.getClassLoader());
		context.registerBean(beanClass);
		return context;
	}

	private Throwable startupFailure(Class<?> beanClass) {
		try (AnnotationConfigApplicationContext context = context(beanClass)) {
			return catchThrowable(context::refresh);
		}
	}

	private void assertStartupFails(Class<?> beanClass, String... messageParts) {
		Throwable failure = startupFailure(beanClass);
		assertThat(failure).as("start-up failure").isNotNull();
		while (failure != null && !(failure instanceof IllegalStateException)) {
			failure = failure.getCause();
		}
		assertThat(failure).isInstanceOf(IllegalStateException.class);
		for (String part : messageParts) {
			assertThat(failure.getMessage()).contains(part);
		}
	}

	@Test
	void unparsableExpressionFailsStartupNamingTheMethod() {
		assertStartupFails(UnparsableKey.class, "UnparsableKey.purchase(int)", "'stock:' + #goodsNo +");
	}

	@Test
	void unknownParameterFailsStartupNamingTheMethodAndItsParameters() {
		assertStartupFails(UnknownParameter.class, "UnknownParameter.purchase(int)", "#goodNo",
				"#goodsNo = #p0");
	}

	@Test
	void blankExpressionFailsStartup() {
		assertStartupFails(BlankKey.class, "BlankKey.run()", "blank key expression");
	}

	@Test
	void missingFallbackFailsStartup() {
		assertStartupFails(MissingFallback.class, "MissingFallback.purchase(int)", "'nope'", "not found",
				"nope(int)");
	}

	@Test
	void fallbackWithWrongReturnTypeFailsStartup() {
		assertStartupFails(MismatchedFallback.class, "MismatchedFallback.purchase(int)", "not assignable");
	}

	@Test
	void fallbackPolicyWithoutAFallbackNameFailsStartup() {
		assertStartupFails(UnnamedFallback.class, "UnnamedFallback.purchase(int)", "names no fallback");
	}

	@Test
	void fallbackNameWithAnotherPolicyFailsStartup() {
		assertStartupFails(FallbackWithoutPolicy.class, "FallbackWithoutPolicy.purchase(int)",
				"onFailure is THROW");
	}

	@Test
	void skipOnAPrimitiveReturnTypeFailsStartup() {
		assertStartupFails(SkipPrimitive.class, "SkipPrimitive.count()", "returns int");
	}

	@Test
	void holdAtLeastOnALockOnlyItsHolderMayReleaseFailsStartupWithTheRemedy() {
		assertStartupFails(HoldAtLeastOnMutex.class, "HoldAtLeastOnMutex.report()", "holdAtLeast 30",
				"type MUTEX", "LockType.SEMAPHORE_MUTEX");
	}

	@Test
	void negativeHoldAtLeastFailsStartup() {
		assertStartupFails(NegativeHoldAtLeast.class, "NegativeHoldAtLeast.report()", "holdAtLeast -1",
				"must not be negative");
	}

	@Test
	void waitForThatIsNoDurationFailsStartupNamingTheAttributeAndTheValue() {
		assertStartupFails(UnreadableWaitFor.class, "UnreadableWaitFor.report()", "waitFor 'soon'",
				"not a duration", "5s");
	}

	@Test
	void waitForWhosePlaceholderCannotBeResolvedFailsStartup() {
		assertStartupFails(UnresolvedWaitFor.class, "UnresolvedWaitFor.report()", "waitFor '${locks.nowhere.wait}'",
				"locks.nowhere.wait");
	}

	@Test
	void negativeWaitForFailsStartup() {
		assertStartupFails(NegativeWaitFor.class, "NegativeWaitFor.report()", "waitFor '-5s'", "must not be negative");
	}

	@Test
	void waitForBesideWaitTimeFailsStartup() {
		assertStartupFails(BothWaits.class, "BothWaits.report()", "both waitTime (100) and waitFor ('1s')");
	}

	@Test
	void holdAtLeastForOnALockOnlyItsHolderMayReleaseFailsStartup() {
		assertStartupFails(HoldAtLeastForOnMutex.class, "HoldAtLeastForOnMutex.report()", "holdAtLeastFor '30s'",
				"type MUTEX", "SEMAPHORE_MUTEX");
	}

	@Test
	void holdAtLeastForBesideHoldAtLeastFailsStartup() {
		assertStartupFails(BothHoldAtLeasts.class, "BothHoldAtLeasts.report()",
				"both holdAtLeast (30) and holdAtLeastFor ('30s')");
	}

	@Test
	void holdAtLeastForThatIsNoDurationFailsStartup() {
		assertStartupFails(UnreadableHoldAtLeastFor.class, "UnreadableHoldAtLeastFor.report()",
				"holdAtLeastFor 'long enough'", "not a duration");
	}

	@Test
	void permitsOnATypeOtherThanSemaphoreFailStartup() {
		assertStartupFails(PermitsOnMutex.class, "PermitsOnMutex.report()", "permits '3' and type MUTEX",
				"type = LockType.SEMAPHORE");
	}

	@Test
	void permitsThatAreNoWholeNumberOrBelowOneFailStartup() {
		assertStartupFails(UnreadablePermits.class, "UnreadablePermits.report()", "permits 'many'",
				"not a whole number");
		assertStartupFails(NoPermits.class, "NoPermits.report()", "permits '0'", "at least 1");
	}

	@Test
	void maxHoldThatIsNoDurationFailsStartupNamingTheAttributeAndTheValue() {
		assertStartupFails(UnreadableMaxHold.class, "UnreadableMaxHold.report()", "maxHold 'a while'",
				"not a duration");
	}

	@Test
	void negativeMaxHoldFailsStartup() {
		assertStartupFails(NegativeMaxHold.class, "NegativeMaxHold.report()", "maxHold '-1s'", "must not be negative");
	}

	@Test
	void maxHoldShorterThanHoldAtLeastFailsStartup() {
		assertStartupFails(MaxHoldShorterThanHoldAtLeast.class, "MaxHoldShorterThanHoldAtLeast.report()",
				"maxHold PT1S", "shorter than its holdAtLeast PT2S");
	}

	@Test
	void unparsableConditionFailsStartupNamingTheMethod() {
		assertStartupFails(UnparsableCondition.class, "UnparsableCondition.purchase(int)",
				"condition expression '#goodsNo >'");
	}

	@Test
	void conditionNamingAnUnknownParameterFailsStartup() {
		assertStartupFails(UnknownConditionParameter.class, "UnknownConditionParameter.purchase(int)",
				"condition expression '#amount > 1'", "#amount", "#goodsNo = #p0");
	}

	@Test
	void privateMethodFailsStartup() {
		assertStartupFails(PrivateMethod.class, "PrivateMethod.hidden()", "private");
	}

	@Test
	void futureThatIsNoCompletionStageFailsStartupWithTheRemedy() {
		assertStartupFails(AsyncMethod.class, "AsyncMethod.later()", "java.util.concurrent.Future",
				"return a CompletableFuture");
	}

	@Test
	void returnTypesTheLocksFutureOrPublisherCannotStandForFailStartup() {
		assertStartupFails(ParallelMethod.class, "ParallelMethod.parts()", "reactor.core.publisher.ParallelFlux",
				"return a Mono, a Flux or a Publisher");
		assertStartupFails(StageSubtypeMethod.class, "StageSubtypeMethod.later()", "OwnStage",
				"return a CompletableFuture or a CompletionStage");
	}

	@Test
	void parameterNamesMissingFailsStartupWithTheRemedy(@TempDir Path classes) throws Exception {
		Class<?> compiled = compileWithoutParameterNames(classes, "NoNames", "#goodsNo");
		Throwable root = startupFailure(compiled);
		assertThat(root).as("start-up failure").isNotNull();
		while (root.getCause() != null) {
			root = root.getCause();
		}
		assertThat(root).hasMessageContaining("NoNames.purchase(int)")
			.hasMessageContaining("compile with -parameters")
			.hasMessageContaining("#p0");
	}

	@Test
	void positionalParametersWorkWithoutParameterNames(@TempDir Path classes) throws Exception {
		Class<?> compiled = compileWithoutParameterNames(classes, "PositionalOnly", "#p0 + ':' + #a0");
		try (AnnotationConfigApplicationContext context = context(compiled)) {
			context.refresh();
			Object bean = context.getBean(compiled);
			Object key = compiled.getMethod("purchase", int.class).invoke(bean, 5);
			assertThat(key).isEqualTo("5:5");
		}
	}

	/**
	 * Compiles a bean class without {@code -parameters}, as a build without it would.
	 */
	private static Class<?> compileWithoutParameterNames(Path dir, String name, String key) throws Exception {
		Path source = dir.resolve("sample/" + name + ".java");
		Files.createDirectories(source.getParent());
		Files.writeString(source, """
				package sample;
				public class %s {
				    @io.github.distlock.annotation.DistributedLock(key = "%s")
				    public String purchase(int goodsNo) {
				        return io.github.distlock.core.LockContext.current().key();
				    }
				}
				""".formatted(name, key.replace("\"", "\\\"")));
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		int result = compiler.run(null, null, null, "-proc:none", "-cp", System.getProperty("java.class.path"), "-d",
				dir.toString(), source.toString());
		assertThat(result).isZero();
		URLClassLoader loader = new URLClassLoader(new URL[] { dir.toUri().toURL() },
				StartupValidationTests.class.getClassLoader());
		Class<?> compiled = loader.loadClass("sample." + name);
		assertThat(compiled.getMethod("purchase", int.class).getParameters()[0].isNamePresent()).isFalse();
		return compiled;
	}

	static class UnparsableKey {

		@DistributedLock(key = "'stock:' + #goodsNo +")
		public void purchase(int goodsNo) {
		}

	}

	static class UnknownParameter {

		public void other() {
		}

		@DistributedLock(key = "'stock:' + #goodNo")
		public void purchase(int goodsNo) {
		}

	}

	static class BlankKey {

		@DistributedLock(key = " ")
		public void run() {
		}

	}

	static class MissingFallback {

		@DistributedLock(key = "'k'", onFailure = LockFailurePolicy.FALLBACK, fallback = "nope")
		public String purchase(int goodsNo) {
			return "";
		}

	}

	static class MismatchedFallback {

		@DistributedLock(key = "'k'", onFailure = LockFailurePolicy.FALLBACK, fallback = "other")
		public String purchase(int goodsNo) {
			return "";
		}

		Integer other(int goodsNo) {
			return 1;
		}

	}

	static class UnnamedFallback {

		@DistributedLock(key = "'k'", onFailure = LockFailurePolicy.FALLBACK)
		public String purchase(int goodsNo) {
			return "";
		}

	}

	static class FallbackWithoutPolicy {

		@DistributedLock(key = "'k'", fallback = "other")
		public String purchase(int goodsNo) {
			return "";
		}

		String other(int goodsNo) {
			return "";
		}

	}

	static class SkipPrimitive {

		@DistributedLock(key = "'k'", onFailure = LockFailurePolicy.SKIP)
		public int count() {
			return 1;
		}

	}

	static class HoldAtLeastOnMutex {

		@DistributedLock(key = "'report'", holdAtLeast = 30, timeUnit = TimeUnit.SECONDS)
		public void report() {
		}

	}

	static class NegativeHoldAtLeast {

		@DistributedLock(key = "'report'", type = LockType.SEMAPHORE_MUTEX, holdAtLeast = -1)
		public void report() {
		}

	}

	static class UnreadableWaitFor {

		@DistributedLock(key = "'report'", waitFor = "soon")
		public void report() {
		}

	}

	static class HoldAtLeastForOnMutex {

		@DistributedLock(key = "'report'", holdAtLeastFor = "30s")
		public void report() {
		}

	}

	static class BothHoldAtLeasts {

		@DistributedLock(key = "'report'", type = LockType.SEMAPHORE_MUTEX, holdAtLeast = 30, holdAtLeastFor = "30s")
		public void report() {
		}

	}

	static class UnreadableHoldAtLeastFor {

		@DistributedLock(key = "'report'", type = LockType.SEMAPHORE_MUTEX, holdAtLeastFor = "long enough")
		public void report() {
		}

	}

	static class PermitsOnMutex {

		@DistributedLock(key = "'report'", permits = "3")
		public void report() {
		}

	}

	static class UnreadablePermits {

		@DistributedLock(key = "'report'", type = LockType.SEMAPHORE, permits = "many")
		public void report() {
		}

	}

	static class NoPermits {

		@DistributedLock(key = "'report'", type = LockType.SEMAPHORE, permits = "0")
		public void report() {
		}

	}

	static class UnreadableMaxHold {

		@DistributedLock(key = "'report'", maxHold = "a while")
		public void report() {
		}

	}

	static class NegativeMaxHold {

		@DistributedLock(key = "'report'", maxHold = "-1s")
		public void report() {
		}

	}

	static class MaxHoldShorterThanHoldAtLeast {

		@DistributedLock(key = "'report'", type = LockType.SEMAPHORE_MUTEX, holdAtLeast = 2,
				timeUnit = java.util.concurrent.TimeUnit.SECONDS, maxHold = "1s")
		public void report() {
		}

	}

	static class UnresolvedWaitFor {

		@DistributedLock(key = "'report'", waitFor = "${locks.nowhere.wait}")
		public void report() {
		}

	}

	static class NegativeWaitFor {

		@DistributedLock(key = "'report'", waitFor = "-5s")
		public void report() {
		}

	}

	static class BothWaits {

		@DistributedLock(key = "'report'", waitTime = 100, waitFor = "1s")
		public void report() {
		}

	}

	static class UnparsableCondition {

		@DistributedLock(key = "'k'", condition = "#goodsNo >")
		public void purchase(int goodsNo) {
		}

	}

	static class UnknownConditionParameter {

		@DistributedLock(key = "'k'", condition = "#amount > 1")
		public void purchase(int goodsNo) {
		}

	}

	static class PrivateMethod {

		public void visible() {
			hidden();
		}

		@DistributedLock(key = "'k'")
		private void hidden() {
		}

	}

	static class ParallelMethod {

		@DistributedLock(key = "'k'")
		public reactor.core.publisher.ParallelFlux<String> parts() {
			return reactor.core.publisher.Flux.just("a").parallel();
		}

	}

	static class OwnStage<T> extends CompletableFuture<T> {

	}

	static class StageSubtypeMethod {

		@DistributedLock(key = "'k'")
		public OwnStage<String> later() {
			return new OwnStage<>();
		}

	}

	static class AsyncMethod {

		@DistributedLock(key = "'k'")
		public Future<String> later() {
			return CompletableFuture.completedFuture(String.valueOf(LockContext.current()));
		}

	}


}
