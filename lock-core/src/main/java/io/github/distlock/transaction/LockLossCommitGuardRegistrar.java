package io.github.distlock.transaction;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.transaction.ConfigurableTransactionManager;

/**
 * Adds a {@link LockLossCommitGuard} to every {@link ConfigurableTransactionManager} bean (every
 * {@code AbstractPlatformTransactionManager}), without proxying it.
 */
public class LockLossCommitGuardRegistrar implements BeanPostProcessor {

	private final LockLossCommitGuard guard;

	public LockLossCommitGuardRegistrar(LockLossCommitGuard guard) {
		this.guard = guard;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof ConfigurableTransactionManager transactionManager
				&& !transactionManager.getTransactionExecutionListeners().contains(this.guard)) {
			transactionManager.addListener(this.guard);
		}
		return bean;
	}

}
