package io.github.distlock.aot;

import io.github.distlock.interceptor.LockExpressionRoot;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * What the starter itself reads reflectively: the root object of key expressions
 * ({@code #root.method}, {@code #root.args}, {@code #root.target}, {@code #root.targetClass},
 * {@code #root.methodName}).
 */
class DistributedLockRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.reflection()
			.registerType(LockExpressionRoot.class, MemberCategory.INVOKE_PUBLIC_METHODS,
					MemberCategory.ACCESS_DECLARED_FIELDS);
	}

}
