package io.github.distlock.interceptor;

import java.lang.reflect.Method;

import io.github.distlock.annotation.LeaderOnly;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.StaticMethodMatcherPointcut;
import org.springframework.core.annotation.AnnotationUtils;

/**
 * Applies a {@link LeaderOnlyInterceptor} to {@code @LeaderOnly} methods. Its order should be
 * before the lock advisor's, so that a method that is both skips where the process does not lead
 * without taking the lock.
 */
public class LeaderOnlyAdvisor extends DefaultPointcutAdvisor {

	private static final long serialVersionUID = 1L;

	public LeaderOnlyAdvisor(LeaderOnlySource source, LeaderOnlyInterceptor interceptor) {
		super(new LeaderOnlyPointcut(source), interceptor);
	}

	private static final class LeaderOnlyPointcut extends StaticMethodMatcherPointcut {

		private final LeaderOnlySource source;

		LeaderOnlyPointcut(LeaderOnlySource source) {
			this.source = source;
			setClassFilter((clazz) -> AnnotationUtils.isCandidateClass(clazz, LeaderOnly.class));
		}

		@Override
		public boolean matches(Method method, Class<?> targetClass) {
			return this.source.isLeaderOnly(method, targetClass);
		}

	}

}
