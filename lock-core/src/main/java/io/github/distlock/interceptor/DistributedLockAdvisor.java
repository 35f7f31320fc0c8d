package io.github.distlock.interceptor;

import org.aopalliance.aop.Advice;
import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractPointcutAdvisor;

/**
 * Applies a {@link DistributedLockInterceptor} to {@code @DistributedLock} methods. Its order
 * should be before the transaction advisor's so that the lock is wider than the transaction.
 */
public class DistributedLockAdvisor extends AbstractPointcutAdvisor {

	private static final long serialVersionUID = 1L;

	private final transient DistributedLockPointcut pointcut;

	private final transient DistributedLockInterceptor interceptor;

	public DistributedLockAdvisor(LockOperationSource operationSource, DistributedLockInterceptor interceptor) {
		this.pointcut = new DistributedLockPointcut(operationSource);
		this.interceptor = interceptor;
	}

	@Override
	public Pointcut getPointcut() {
		return this.pointcut;
	}

	@Override
	public Advice getAdvice() {
		return this.interceptor;
	}

}
