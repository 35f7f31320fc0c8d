package io.github.distlock.interceptor;

import java.lang.reflect.Method;

import org.jspecify.annotations.Nullable;

/**
 * The root object of a key expression: {@code #root.method}, {@code #root.args},
 * {@code #root.target} and {@code #root.targetClass}.
 *
 * @param method the annotated method
 * @param args the call's arguments
 * @param target the target object
 * @param targetClass the target class
 */
public record LockExpressionRoot(Method method, @Nullable Object[] args, @Nullable Object target,
		Class<?> targetClass) {

	/**
	 * The name of the annotated method, as {@code #root.methodName}.
	 * @return the method name
	 */
	public String methodName() {
		return this.method.getName();
	}

}
