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

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.distlock.core.InvalidLockConditionException;
import io.github.distlock.core.InvalidLockKeyException;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.context.expression.BeanFactoryResolver;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.expression.EvaluationException;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.SpelNode;
import org.springframework.expression.spel.ast.VariableReference;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.StandardEvaluationContext;

/**
 * Parses key expressions once, checks the parameters they name, and evaluates them per call.
 * Each call gets an evaluation context of its own, with the accessors, resolvers and bean
 * resolver of one shared context (as Spring's caching does), so that what SpEL caches in them
 * (a property's read method, for one) is found once, not at every call; parameter names are
 * read once per method.
 */
final class LockKeyExpressions {

	private final SpelExpressionParser parser = new SpelExpressionParser();

	private final ParameterNameDiscoverer parameterNames = new CachedParameterNames(new DefaultParameterNameDiscoverer());

	private final StandardEvaluationContext sharedContext = new StandardEvaluationContext();

	LockKeyExpressions() {
		// the shared context makes its default delegates when first asked: once, here, not racing at calls
		this.sharedContext.applyDelegatesTo(new StandardEvaluationContext());
	}

	void setBeanFactory(BeanFactory beanFactory) {
		this.sharedContext.setBeanResolver(new BeanFactoryResolver(beanFactory));
	}

	/**
	 * Parses a key expression and checks that every {@code #variable} it names exists.
	 * @throws IllegalStateException naming the method if the expression is invalid
	 */
	Expression parse(String expression, Method method, String description) {
		if (expression.isBlank()) {
			throw new IllegalStateException("@DistributedLock on " + description + " has a blank key expression");
		}
		return parse(expression, "key", method, description);
	}

	/**
	 * Parses a condition expression, as a key expression is parsed.
	 * @return the parsed condition, or {@code null} for an empty one (every call is locked)
	 * @throws IllegalStateException naming the method if the expression is invalid
	 */
	@Nullable Expression parseCondition(String expression, Method method, String description) {
		return expression.isEmpty() ? null : parse(expression, "condition", method, description);
	}

	private Expression parse(String expression, String attribute, Method method, String description) {
		Expression parsed;
		try {
			parsed = this.parser.parseExpression(expression);
		}
		catch (ParseException ex) {
			throw new IllegalStateException("Invalid @DistributedLock " + attribute + " expression '" + expression
					+ "' on " + description + ": " + ex.getMessage(), ex);
		}
		checkVariables(parsed, expression, attribute, method, description);
		return parsed;
	}

	private void checkVariables(Expression parsed, String expression, String attribute, Method method,
			String description) {
		if (!(parsed instanceof SpelExpression spel)) {
			return;
		}
		Set<String> variables = new LinkedHashSet<>();
		collectVariables(spel.getAST(), variables);
		if (variables.isEmpty()) {
			return;
		}
		String[] names = this.parameterNames.getParameterNames(method);
		Set<String> known = new LinkedHashSet<>();
		known.add("root");
		known.add("this");
		for (int i = 0; i < method.getParameterCount(); i++) {
			known.add("p" + i);
			known.add("a" + i);
			if (names != null && i < names.length) {
				// a Kotlin suspend function's names leave out its Continuation
				known.add(names[i]);
			}
		}
		for (String variable : variables) {
			if (known.contains(variable)) {
				continue;
			}
			if (names == null && method.getParameterCount() > 0) {
				throw new IllegalStateException("@DistributedLock " + attribute + " expression '" + expression + "' on "
						+ description + " refers to #" + variable + ", but the parameter names of this method are not available: "
						+ "compile with -parameters, or refer to parameters as #p0, #p1, ...");
			}
			throw new IllegalStateException("@DistributedLock " + attribute + " expression '" + expression + "' on "
					+ description + " refers to #" + variable + ", which is not a parameter of the method; its parameters are "
					+ describeParameters(names, method.getParameterCount()));
		}
	}

	private static String describeParameters(String @Nullable [] names, int count) {
		if (count == 0) {
			return "none";
		}
		StringBuilder parameters = new StringBuilder();
		for (int i = 0; i < count; i++) {
			parameters.append((i > 0) ? ", " : "").append((names != null) ? "#" + names[i] + " = " : "").append("#p").append(i);
		}
		return parameters.toString();
	}

	private static void collectVariables(SpelNode node, Set<String> variables) {
		if (node instanceof VariableReference) {
			variables.add(node.toStringAST().substring(1));
		}
		for (int i = 0; i < node.getChildCount(); i++) {
			collectVariables(node.getChild(i), variables);
		}
	}

	/**
	 * Evaluates the condition of one call.
	 * @return whether the call is locked: {@code true} when the operation has no condition
	 * @throws InvalidLockConditionException if the condition fails, or gives anything but a
	 * boolean
	 */
	boolean isLocked(LockOperation operation, @Nullable Object[] args, @Nullable Object target) {
		Expression condition = operation.condition();
		if (condition == null) {
			return true;
		}
		Object value;
		try {
			value = condition.getValue(context(operation, args, target));
		}
		catch (EvaluationException ex) {
			throw new InvalidLockConditionException("Could not evaluate @DistributedLock condition '"
					+ operation.conditionString() + "' on " + operation.describe() + ": " + ex.getMessage());
		}
		if (!(value instanceof Boolean locked)) {
			throw new InvalidLockConditionException("@DistributedLock condition '" + operation.conditionString()
					+ "' on " + operation.describe() + " evaluated to " + ((value != null) ? "'" + value + "' ("
							+ value.getClass().getSimpleName() + ")" : "null")
					+ "; a condition must give true or false");
		}
		return locked;
	}

	private MethodBasedEvaluationContext context(LockOperation operation, @Nullable Object[] args,
			@Nullable Object target) {
		LockExpressionRoot root = new LockExpressionRoot(operation.method(), args, target, operation.targetClass());
		MethodBasedEvaluationContext context = new MethodBasedEvaluationContext(root, operation.method(), args,
				this.parameterNames);
		this.sharedContext.applyDelegatesTo(context);
		return context;
	}

	/**
	 * Evaluates the key of one call: a collection or an array gives a key per element.
	 * @throws InvalidLockKeyException if the expression fails, or gives a null or blank key, an
	 * empty collection, or a null or blank element
	 */
	LockKeys evaluate(LockOperation operation, @Nullable Object[] args, @Nullable Object target) {
		Object value;
		try {
			value = operation.keyExpression().getValue(context(operation, args, target));
		}
		catch (EvaluationException ex) {
			throw new InvalidLockKeyException("Could not evaluate @DistributedLock key expression '"
					+ operation.keyExpressionString() + "' on " + operation.describe() + ": " + ex.getMessage());
		}
		List<?> elements = elementsOf(value);
		if (elements == null) {
			return LockKeys.single(checked(value, operation, null));
		}
		if (elements.isEmpty()) {
			throw new InvalidLockKeyException("@DistributedLock key expression '" + operation.keyExpressionString()
					+ "' on " + operation.describe() + " evaluated to an empty " + kindOf(value)
					+ "; a multi-key lock needs at least one key");
		}
		List<String> keys = new ArrayList<>(elements.size());
		for (int i = 0; i < elements.size(); i++) {
			keys.add(checked(elements.get(i), operation, i));
		}
		return new LockKeys(keys, true);
	}

	private static String checked(@Nullable Object value, LockOperation operation, @Nullable Integer index) {
		String key = (value != null) ? value.toString() : null;
		if (key == null || key.isBlank()) {
			String what = (index != null) ? "a collection whose element " + index + " is " : "";
			throw new InvalidLockKeyException("@DistributedLock key expression '" + operation.keyExpressionString()
					+ "' on " + operation.describe() + " evaluated to " + what
					+ ((key == null) ? "null" : "a blank key '" + key + "'") + "; a lock key must not be null or blank");
		}
		return key;
	}

	/**
	 * The elements of a collection or an array, or {@code null} for any other value.
	 */
	private static @Nullable List<?> elementsOf(@Nullable Object value) {
		if (value instanceof Collection<?> collection) {
			return new ArrayList<>(collection);
		}
		if (value != null && value.getClass().isArray()) {
			int length = Array.getLength(value);
			List<Object> elements = new ArrayList<>(length);
			for (int i = 0; i < length; i++) {
				elements.add(Array.get(value, i));
			}
			return elements;
		}
		return null;
	}

	private static String kindOf(Object value) {
		return (value instanceof Collection) ? "collection" : "array";
	}

	/**
	 * Parameter names read once per method: a method's names do not change.
	 */
	private static final class CachedParameterNames implements ParameterNameDiscoverer {

		private static final String[] NONE = new String[0];

		private final ParameterNameDiscoverer delegate;

		private final Map<Object, String[]> names = new ConcurrentHashMap<>();

		CachedParameterNames(ParameterNameDiscoverer delegate) {
			this.delegate = delegate;
		}

		@Override
		public String @Nullable [] getParameterNames(Method method) {
			String[] found = this.names.computeIfAbsent(method, (m) -> orNone(this.delegate.getParameterNames(method)));
			return (found == NONE) ? null : found;
		}

		@Override
		public String @Nullable [] getParameterNames(java.lang.reflect.Constructor<?> constructor) {
			return this.delegate.getParameterNames(constructor);
		}

		private static String[] orNone(String @Nullable [] names) {
			return (names != null) ? names : NONE;
		}

	}

}
