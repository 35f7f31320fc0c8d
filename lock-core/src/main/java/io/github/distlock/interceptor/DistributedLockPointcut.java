package io.github.distlock.interceptor;

import java.lang.reflect.Method;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRegistry;

import org.springframework.aop.support.StaticMethodMatcherPointcut;
import org.springframework.core.annotation.AnnotationUtils;

/**
 * Matches the methods that a {@link LockOperationSource} finds annotated. Its class filter
 * skips, before any method is looked at, the lock infrastructure itself and the classes that
 * cannot carry {@link DistributedLock} at all (the JDK's, for example).
 */
final class DistributedLockPointcut extends StaticMethodMatcherPointcut {

	private final LockOperationSource operationSource;

	DistributedLockPointcut(LockOperationSource operationSource) {
		this.operationSource = operationSource;
		setClassFilter(DistributedLockPointcut::isCandidate);
	}

	@Override
	public boolean matches(Method method, Class<?> targetClass) {
		return this.operationSource.isLocked(method, targetClass);
	}

	static boolean isCandidate(Class<?> clazz) {
		if (LockOperations.class.isAssignableFrom(clazz) || LockRegistry.class.isAssignableFrom(clazz)) {
			return false;
		}
		return AnnotationUtils.isCandidateClass(clazz, DistributedLock.class);
	}

}
