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

package io.github.distlock.aot;

import java.lang.reflect.Method;
import java.util.LinkedHashSet;
import java.util.Set;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LeaderOnly;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.ReflectionHints;
import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.support.RegisteredBean;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Registers reflection on the declared methods of beans with {@code @DistributedLock} or
 * {@code @LeaderOnly} methods, found as the interceptor finds them (on the class, its superclasses
 * and its interfaces), and of the classes that declare them (the interceptor finds those methods,
 * and a lock's {@code fallback} method, by reflection), and on the public methods of the parameter types of
 * {@code @DistributedLock} methods outside {@code java.*} (a key expression such as
 * {@code #order.id} calls their getters).
 */
class LockedBeanRegistrationAotProcessor implements BeanRegistrationAotProcessor {

	@Override
	public @Nullable BeanRegistrationAotContribution processAheadOfTime(RegisteredBean registeredBean) {
		Class<?> beanClass = registeredBean.getBeanClass();
		Set<Class<?>> keyTypes = new LinkedHashSet<>();
		Set<Class<?>> declaringClasses = new LinkedHashSet<>();
		boolean locked = false;
		for (Method method : ReflectionUtils.getUniqueDeclaredMethods(beanClass, ReflectionUtils.USER_DECLARED_METHODS)) {
			if (AnnotatedElementUtils.findMergedAnnotation(method, DistributedLock.class) != null) {
				locked = true;
				declaringClasses.add(method.getDeclaringClass());
				for (Class<?> type : method.getParameterTypes()) {
					Class<?> element = type.isArray() ? type.getComponentType() : type;
					if (!element.isPrimitive() && !element.getName().startsWith("java.")) {
						keyTypes.add(element);
					}
				}
			}
			if (AnnotatedElementUtils.findMergedAnnotation(method, LeaderOnly.class) != null) {
				locked = true;
				declaringClasses.add(method.getDeclaringClass());
			}
		}
		if (!locked) {
			return null;
		}
		return (generationContext, code) -> {
			ReflectionHints reflection = generationContext.getRuntimeHints().reflection();
			reflection.registerType(beanClass, MemberCategory.INVOKE_DECLARED_METHODS);
			declaringClasses.forEach((type) -> reflection.registerType(type, MemberCategory.INVOKE_DECLARED_METHODS));
			keyTypes.forEach((type) -> reflection.registerType(type, MemberCategory.INVOKE_PUBLIC_METHODS));
		};
	}

}
