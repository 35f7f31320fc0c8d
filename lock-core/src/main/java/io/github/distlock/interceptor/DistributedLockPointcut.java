package io.github.distlock.interceptor;

import java.lang.reflect.Method;

import org.springframework.aop.support.StaticMethodMatcherPointcut;

/**
 * Matches the methods that a {@link LockOperationSource} finds annotated.
 */
final class DistributedLockPointcut extends StaticMethodMatcherPointcut {

	private final LockOperationSource operationSource;

	DistributedLockPointcut(LockOperationSource operationSource) {
		this.operationSource = operationSource;
	}

	@Override
	public boolean matches(Method method, Class<?> targetClass) {
		return this.operationSource.isLocked(method, targetClass);
	}

}
