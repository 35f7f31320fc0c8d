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

package io.github.distlock.fencing;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Objects;

import io.github.distlock.core.AcquiredLock;
import org.jspecify.annotations.Nullable;

import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.annotation.AnnotationTransactionAttributeSource;
import org.springframework.transaction.interceptor.RuleBasedTransactionAttribute;
import org.springframework.transaction.interceptor.TransactionAttribute;
import org.springframework.transaction.interceptor.TransactionAttributeSource;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.ClassUtils;

/**
 * Runs a fenced call in a transaction of the application's transaction manager that begins by
 * claiming each lock's fence in {@link JdbcFences} (a key's row made first, outside it, when no
 * transaction runs yet: {@link JdbcFences#prepare}): with the method's own {@code @Transactional}
 * settings (a {@code SUPPORTS} propagation made {@code REQUIRED}, for the claim needs a
 * transaction), else a required transaction that rolls back on runtime exceptions and errors.
 * The method's own transaction interceptor, inside, joins it. A refused claim rolls the
 * transaction back before the method runs and ends the call with
 * {@link io.github.distlock.core.FencedOffException}; a method that throws rolls back or commits
 * as its rules say.
 *
 * @since 0.1.0
 */
public class TransactionalFencedCalls implements FencedCalls {

	private final JdbcFences fences;

	private final PlatformTransactionManager transactionManager;

	private final TransactionAttributeSource attributes;

	/**
	 * Creates the fenced calls of a database.
	 * @param fences the fences, in the database the transaction manager's transactions are of
	 * @param transactionManager the transaction manager
	 */
	public TransactionalFencedCalls(JdbcFences fences, PlatformTransactionManager transactionManager) {
		this.fences = Objects.requireNonNull(fences, "fences");
		this.transactionManager = Objects.requireNonNull(transactionManager, "transactionManager");
		this.attributes = new AnnotationTransactionAttributeSource();
	}

	@Override
	public @Nullable Object call(Method method, Class<?> targetClass, List<AcquiredLock> locks, Call call)
			throws Throwable {
		TransactionAttribute definition = definition(method, targetClass);
		if (!TransactionSynchronizationManager.isActualTransactionActive()) {
			// a new key's row made before the transaction: its claim then locks that row only
			this.fences.prepare(locks.stream().map(AcquiredLock::key).toList());
		}
		TransactionStatus status = this.transactionManager.getTransaction(definition);
		Object result;
		try {
			for (AcquiredLock lock : locks) {
				this.fences.claim(lock.key(), lock.fencingToken());
			}
			result = call.proceed();
		}
		catch (Throwable ex) {
			if (definition.rollbackOn(ex)) {
				rollbackAfter(status, ex);
			}
			else {
				this.transactionManager.commit(status);
			}
			throw ex;
		}
		this.transactionManager.commit(status);
		return result;
	}

	private TransactionAttribute definition(Method method, Class<?> targetClass) {
		TransactionAttribute declared = this.attributes.getTransactionAttribute(method, targetClass);
		// @Transactional gives a rule-based attribute, copied here so that the source's stays as it is
		RuleBasedTransactionAttribute definition = (declared instanceof RuleBasedTransactionAttribute rules)
				? new RuleBasedTransactionAttribute(rules) : new RuleBasedTransactionAttribute();
		if (definition.getPropagationBehavior() == TransactionDefinition.PROPAGATION_SUPPORTS) {
			definition.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRED);
		}
		definition.setName(ClassUtils.getQualifiedMethodName(method, targetClass));
		return definition;
	}

	private void rollbackAfter(TransactionStatus status, Throwable failure) {
		try {
			this.transactionManager.rollback(status);
		}
		catch (RuntimeException | Error rollbackFailure) {
			rollbackFailure.addSuppressed(failure);
			throw rollbackFailure;
		}
	}

}
