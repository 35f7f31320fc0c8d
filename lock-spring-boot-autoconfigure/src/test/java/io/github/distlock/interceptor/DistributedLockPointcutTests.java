package io.github.distlock.interceptor;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.aop.ClassFilter;

import static org.assertj.core.api.Assertions.assertThat;

class DistributedLockPointcutTests {

	private final DistributedLockPointcut pointcut = new DistributedLockPointcut(new LockOperationSource());

	@Test
	void classFilterSkipsTheLockInfrastructureAndTheJdk() {
		ClassFilter filter = this.pointcut.getClassFilter();
		assertThat(filter.matches(LockTemplate.class)).isFalse();
		assertThat(filter.matches(ZookeeperLockRegistry.class)).isFalse();
		assertThat(filter.matches(String.class)).isFalse();
		assertThat(filter.matches(Orders.class)).isTrue();
	}

	@Test
	void methodMatcherMatchesAnnotatedMethodsOnly() throws Exception {
		assertThat(this.pointcut.getMethodMatcher().matches(Orders.class.getMethod("purchase"), Orders.class)).isTrue();
		assertThat(this.pointcut.getMethodMatcher().matches(Orders.class.getMethod("list"), Orders.class)).isFalse();
	}

	public static class Orders {

		@DistributedLock(key = "'orders'")
		public void purchase() {
		}

		public void list() {
		}

	}

}
