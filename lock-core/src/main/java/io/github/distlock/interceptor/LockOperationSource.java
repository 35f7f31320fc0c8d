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

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.Predicate;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.expression.Expression;
import org.springframework.util.ClassUtils;

/**
 * Finds the {@code @DistributedLock} methods of a class and turns each into a validated
 * {@link LockOperation}. A class is scanned once, the first time the pointcut asks about it
 * (when its bean is created), so an invalid annotation anywhere on the class fails start-up
 * with a message naming the method.
 *
 * @since 0.1.0
 */
public class LockOperationSource implements BeanFactoryAware {

	private final LockKeyExpressions expressions = new LockKeyExpressions();

	private final AnnotatedMethods<DistributedLock, LockOperation> operations = new AnnotatedMethods<>(
			DistributedLock.class, this::createOperation);

	private final Function<String, NamedLockSettings> namedSettings;

	private final Supplier<Duration> defaultMaxHold;

	private static final boolean TRANSACTIONS_PRESENT = ClassUtils
		.isPresent("org.springframework.transaction.annotation.Transactional", LockOperationSource.class.getClassLoader());

	private @Nullable ConfigurableBeanFactory placeholders;

	/**
	 * Creates a source whose annotations' {@code name} selects nothing.
	 */
	public LockOperationSource() {
		this((name) -> NamedLockSettings.NONE);
	}

	/**
	 * Creates a source that looks up the settings an annotation's {@code name} selects.
	 * @param namedSettings the settings configured under a name ({@link NamedLockSettings#NONE}
	 * when there are none); asked once per annotated method, when its bean is created
	 */
	public LockOperationSource(Function<String, NamedLockSettings> namedSettings) {
		this(namedSettings, () -> Duration.ZERO);
	}

	/**
	 * Creates a source that looks up the settings an annotation's {@code name} selects, with a
	 * maximum hold time for the locks that set none.
	 * @param namedSettings the settings configured under a name ({@link NamedLockSettings#NONE}
	 * when there are none); asked once per annotated method, when its bean is created
	 * @param defaultMaxHold how long a lock whose annotation and name set no {@code maxHold} is
	 * held at most ({@link Duration#ZERO}: as long as the method runs); asked once per
	 * annotated method
	 */
	public LockOperationSource(Function<String, NamedLockSettings> namedSettings,
			Supplier<Duration> defaultMaxHold) {
		this.namedSettings = namedSettings;
		this.defaultMaxHold = defaultMaxHold;
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) {
		this.expressions.setBeanFactory(beanFactory);
		this.placeholders = (beanFactory instanceof ConfigurableBeanFactory configurable) ? configurable : null;
	}

	/**
	 * Returns the lock operation of a method.
	 * @param method the method called (possibly an interface method)
	 * @param targetClass the target class, or {@code null} to use the method's declaring class
	 * @return the operation, or {@code null} if the method is not annotated
	 */
	@Nullable LockOperation getOperation(Method method, @Nullable Class<?> targetClass) {
		return this.operations.find(method, targetClass);
	}

	/**
	 * Whether a method carries {@code @DistributedLock}.
	 * @param method the method
	 * @param targetClass the target class
	 * @return whether calls to it are locked
	 */
	public boolean isLocked(Method method, @Nullable Class<?> targetClass) {
		return getOperation(method, targetClass) != null;
	}

	/**
	 * Whether a {@code @DistributedLock} method found so far is fenced.
	 * @return whether one is
	 */
	public boolean hasFencedMethods() {
		for (LockOperation operation : this.operations.all()) {
			if (operation.fenced()) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Checks that no {@code @DistributedLock} method found so far is fenced when there is
	 * nothing to fence it with.
	 * @param available whether fenced calls can be made (a {@code FencedCalls} bean exists)
	 * @throws IllegalStateException naming the first fenced method
	 */
	public void checkFencing(boolean available) {
		if (available) {
			return;
		}
		for (LockOperation operation : this.operations.all()) {
			if (operation.fenced()) {
				throw new IllegalStateException("@DistributedLock on " + operation.describe()
						+ " is fenced, but there is no FencedCalls bean: fencing needs a DataSource and a transaction"
						+ " manager (with spring-jdbc), which auto-configure JdbcFences and TransactionalFencedCalls");
			}
		}
	}

	/**
	 * Checks that every {@code @DistributedLock} method found so far uses a lock type the
	 * backend supports.
	 * @param supported the backend's lock types
	 * @param backend the backend's name, for the message
	 * @throws IllegalStateException naming the first method whose type is not supported
	 */
	public void checkSupported(Set<LockType> supported, String backend) {
		checkSupported(supported, (type) -> false, backend);
	}

	/**
	 * Checks that every {@code @DistributedLock} method found so far uses a lock type the
	 * backend supports, and, if it is revocable, one whose revocation it supports.
	 * @param supported the backend's lock types
	 * @param revocable the types whose revocation the backend supports
	 * @param backend the backend's name, for the message
	 * @throws IllegalStateException naming the first method the backend does not support
	 */
	public void checkSupported(Set<LockType> supported, Predicate<LockType> revocable, String backend) {
		checkSupported(supported, supported, revocable, backend);
	}

	/**
	 * Checks that every {@code @DistributedLock} method found so far uses a lock type the
	 * backend supports, and can acquire asynchronously if the method returns a
	 * {@code CompletionStage} or a {@code Publisher}, and, if it is revocable, one whose
	 * revocation it supports (and not asynchronously).
	 * @param supported the backend's lock types
	 * @param async the backend's lock types that it can acquire with no thread waiting
	 * @param revocable the types whose revocation the backend supports
	 * @param backend the backend's name, for the message
	 * @throws IllegalStateException naming the first method the backend does not support
	 */
	public void checkSupported(Set<LockType> supported, Set<LockType> async, Predicate<LockType> revocable,
			String backend) {
		for (LockOperation operation : this.operations.all()) {
			if (operation.asyncReturn() != AsyncReturn.NONE && supported.contains(operation.type())) {
				if (!async.contains(operation.type())) {
					throw new IllegalStateException("@DistributedLock on " + operation.describe() + " returns "
							+ operation.method().getReturnType().getSimpleName() + " and uses lock type "
							+ operation.type() + ", which the lock backend (" + backend
							+ ") cannot acquire with no thread waiting; it can for " + async);
				}
				if (operation.revocable()) {
					throw new IllegalStateException("@DistributedLock on " + operation.describe() + " returns "
							+ operation.method().getReturnType().getSimpleName()
							+ " and is revocable, which an asynchronous lock does not support");
				}
			}
			if (!supported.contains(operation.type())) {
				throw new IllegalStateException("@DistributedLock on " + operation.describe() + " uses lock type "
						+ operation.type() + ", which the lock backend (" + backend + ") does not support; it supports "
						+ supported);
			}
			if (operation.revocable() && !revocable.test(operation.type())) {
				throw new IllegalStateException("@DistributedLock on " + operation.describe()
						+ " is revocable, but the lock backend (" + backend + ") does not support the revocation of "
						+ operation.type() + " locks (ZooKeeper and etcd support it for MUTEX)");
			}
		}
	}

	boolean isLocked(LockOperation operation, @Nullable Object[] args, @Nullable Object target) {
		return this.expressions.isLocked(operation, args, target);
	}

	LockKeys evaluateKeys(LockOperation operation, @Nullable Object[] args, @Nullable Object target) {
		return this.expressions.evaluate(operation, args, target);
	}

	private LockOperation createOperation(Method method, Class<?> targetClass, DistributedLock annotation) {
		String description = LockOperation.describe(method, targetClass);
		ProxiedMethods.checkProxied(method, "@DistributedLock", description);
		AsyncReturn asyncReturn = AsyncReturn.of(method, "@DistributedLock", description);
		Expression key = this.expressions.parse(annotation.key(), method, description);
		Expression condition = this.expressions.parseCondition(annotation.condition(), method, description);
		NamedLockSettings named = namedSettings(annotation, description);
		Duration waitTime = (named.waitTime() != null)
				? checkedConfigured(named.waitTime(), "wait", annotation, description)
				: waitTime(annotation, description);
		LockType type = (named.type() != null) ? named.type() : annotation.type();
		Duration holdAtLeast = holdAtLeast(annotation, type, description);
		Duration maxHold;
		String maxHoldSource;
		if (named.maxHold() != null) {
			maxHold = checkedConfigured(named.maxHold(), "max-hold", annotation, description);
			maxHoldSource = " (configured under its name '" + annotation.name() + "')";
		}
		else if (annotation.maxHold().isEmpty()) {
			maxHold = this.defaultMaxHold.get();
			maxHoldSource = " (distributed-lock.default-max-hold; set the annotation's maxHold for this method)";
		}
		else {
			maxHold = maxHold(annotation, description);
			maxHoldSource = "";
		}
		if (!maxHold.isZero() && maxHold.compareTo(holdAtLeast) < 0) {
			throw new IllegalStateException("@DistributedLock on " + description + " has maxHold " + maxHold
					+ maxHoldSource + ", shorter than its holdAtLeast " + holdAtLeast
					+ ": a lock cannot be held at least longer than it may be held at most");
		}
		LockFailurePolicy onFailure = (named.onFailure() != null) ? named.onFailure() : annotation.onFailure();
		FallbackMethod fallback = null;
		if (onFailure == LockFailurePolicy.FALLBACK) {
			if (annotation.fallback().isEmpty() && named.onFailure() == LockFailurePolicy.FALLBACK) {
				throw new IllegalStateException("@DistributedLock on " + description + " is named '" + annotation.name()
						+ "', whose configured on-failure is FALLBACK, but the annotation names no fallback method");
			}
			fallback = FallbackMethod.find(method, targetClass, annotation.fallback(), description);
		}
		else if (!annotation.fallback().isEmpty() && annotation.onFailure() != LockFailurePolicy.FALLBACK) {
			throw new IllegalStateException("@DistributedLock on " + description + " names fallback '"
					+ annotation.fallback() + "' but its onFailure is " + onFailure
					+ ": set onFailure = LockFailurePolicy.FALLBACK or remove the fallback");
		}
		SkipValue skipValue = (onFailure == LockFailurePolicy.SKIP) ? SkipValue.forMethod(method, description) : () -> null;
		return new LockOperation(method, targetClass, annotation.name(), annotation.key(), key,
				annotation.condition(), condition, waitTime, holdAtLeast, maxHold, annotation.revocable(), type,
				(named.permits() != null) ? checkedPermits(named.permits(), type, annotation, description)
						: permits(annotation, type, description), onFailure,
				fallback, skipValue, asyncReturn, fenced(annotation, type, asyncReturn, method, targetClass, description));
	}

	private @Nullable Duration waitTime(DistributedLock annotation, String description) {
		String text = annotation.waitFor();
		if (text.isEmpty()) {
			return (annotation.waitTime() >= 0)
					? Duration.of(annotation.waitTime(), annotation.timeUnit().toChronoUnit()) : null;
		}
		if (annotation.waitTime() >= 0) {
			throw new IllegalStateException("@DistributedLock on " + description + " sets both waitTime ("
					+ annotation.waitTime() + ") and waitFor ('" + text + "'): set one of them");
		}
		return TextDurations.parse(resolvePlaceholders(text, "waitFor", description), "waitFor", text, description);
	}

	private int permits(DistributedLock annotation, LockType type, String description) {
		String text = annotation.permits();
		if (text.isEmpty()) {
			return 1;
		}
		String resolved = resolvePlaceholders(text, "permits", description).strip();
		String shown = resolved.equals(text) ? "'" + text + "'" : "'" + resolved + "' (from '" + text + "')";
		int permits;
		try {
			permits = Integer.parseInt(resolved);
		}
		catch (NumberFormatException ex) {
			throw new IllegalStateException("@DistributedLock on " + description + " has permits " + shown
					+ ", which is not a whole number", ex);
		}
		if (permits < 1) {
			throw new IllegalStateException("@DistributedLock on " + description + " has permits " + shown
					+ ": a semaphore has at least 1");
		}
		if (type != LockType.SEMAPHORE) {
			throw new IllegalStateException("@DistributedLock on " + description + " has permits " + shown
					+ " and type " + type + ": set type = LockType.SEMAPHORE, the one type with several holders");
		}
		return permits;
	}

	/**
	 * Whether the method is fenced, refused at start-up where a fence cannot work: for work that
	 * goes on after the call, for a type with several holders, and for a propagation that does not
	 * join the transaction the claim begins.
	 */
	private static boolean fenced(DistributedLock annotation, LockType type, AsyncReturn asyncReturn, Method method,
			Class<?> targetClass, String description) {
		if (!annotation.fenced()) {
			return false;
		}
		if (asyncReturn != AsyncReturn.NONE) {
			throw new IllegalStateException("@DistributedLock on " + description
					+ " is fenced, but returns its work to finish later: a fence is claimed in the transaction of a"
					+ " method that does its work before it returns");
		}
		if (!type.isExclusive()) {
			throw new IllegalStateException("@DistributedLock on " + description + " is fenced, but its type " + type
					+ " has several holders at once, each with its own token: fence MUTEX, SEMAPHORE_MUTEX or WRITE");
		}
		if (TRANSACTIONS_PRESENT) {
			FencedTransactionAttributes.check(method, targetClass, description);
		}
		return true;
	}

	/** A number of permits configured under the annotation's name. */
	private static int checkedPermits(int permits, LockType type, DistributedLock annotation, String description) {
		if (permits < 1) {
			throw new IllegalStateException("@DistributedLock on " + description + " is named '" + annotation.name()
					+ "', whose configured permits " + permits + " is below 1: a semaphore has at least 1");
		}
		if (type != LockType.SEMAPHORE) {
			throw new IllegalStateException("@DistributedLock on " + description + " is named '" + annotation.name()
					+ "', whose configured permits " + permits + " need type SEMAPHORE, but its type is " + type);
		}
		return permits;
	}

	private Duration maxHold(DistributedLock annotation, String description) {
		String text = annotation.maxHold();
		return TextDurations.parse(resolvePlaceholders(text, "maxHold", description), "maxHold", text, description);
	}

	private String resolvePlaceholders(String text, String attribute, String description) {
		String resolved;
		try {
			resolved = (this.placeholders != null) ? this.placeholders.resolveEmbeddedValue(text) : text;
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException("@DistributedLock on " + description + " has " + attribute + " '" + text
					+ "': " + ex.getMessage(), ex);
		}
		return (resolved != null) ? resolved : "";
	}

	private NamedLockSettings namedSettings(DistributedLock annotation, String description) {
		if (annotation.name().isEmpty()) {
			return NamedLockSettings.NONE;
		}
		if (annotation.name().isBlank()) {
			throw new IllegalStateException("@DistributedLock on " + description + " has a blank name");
		}
		NamedLockSettings settings = this.namedSettings.apply(annotation.name());
		return (settings != null) ? settings : NamedLockSettings.NONE;
	}

	/** A duration configured under the annotation's name, refused if negative. */
	private static Duration checkedConfigured(Duration configured, String setting, DistributedLock annotation,
			String description) {
		if (configured.isNegative()) {
			throw new IllegalStateException("@DistributedLock on " + description + " is named '" + annotation.name()
					+ "', whose configured " + setting + " " + configured + " is negative");
		}
		return configured;
	}

	private Duration holdAtLeast(DistributedLock annotation, LockType type, String description) {
		String text = annotation.holdAtLeastFor();
		Duration holdAtLeast;
		String shown;
		if (text.isEmpty()) {
			if (annotation.holdAtLeast() < 0) {
				throw new IllegalStateException("@DistributedLock on " + description + " has holdAtLeast "
						+ annotation.holdAtLeast() + ": it must not be negative");
			}
			holdAtLeast = Duration.of(annotation.holdAtLeast(), annotation.timeUnit().toChronoUnit());
			shown = "holdAtLeast " + annotation.holdAtLeast();
		}
		else {
			if (annotation.holdAtLeast() != 0) {
				throw new IllegalStateException("@DistributedLock on " + description + " sets both holdAtLeast ("
						+ annotation.holdAtLeast() + ") and holdAtLeastFor ('" + text + "'): set one of them");
			}
			holdAtLeast = TextDurations.parse(resolvePlaceholders(text, "holdAtLeastFor", description),
					"holdAtLeastFor", text, description);
			shown = "holdAtLeastFor '" + text + "'";
		}
		if (!holdAtLeast.isZero() && !type.isReleasableByAnyThread()) {
			throw new IllegalStateException("@DistributedLock on " + description + " has " + shown + " and type " + type
					+ ": set type = LockType.SEMAPHORE_MUTEX (or SEMAPHORE), the types whose lock may be released by "
					+ "another thread than its holder, as a lock held beyond the method is");
		}
		return holdAtLeast;
	}

}
