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

package io.github.distlock.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.TimeUnit;

/**
 * Runs the annotated method while holding a distributed lock on the key that {@link #key()}
 * evaluates to.
 * <p>
 * The lock is acquired before the method (and before any {@code @Transactional} transaction it
 * opens) and released after it returns or throws. Like every Spring proxy-based annotation it
 * applies to calls through the bean's proxy only, not to calls from the same object.
 *
 * @see LockType
 * @see LockFailurePolicy
 * @since 0.1.0
 */
@Target({ ElementType.METHOD, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Documented
public @interface DistributedLock {

	/**
	 * SpEL expression evaluated against the method call to give the lock key, for example
	 * {@code "'stock:' + #goodsNo"}. Parameters are available as {@code #name} (when compiled
	 * with {@code -parameters}), {@code #p0} and {@code #a0}; {@code #root.method},
	 * {@code #root.args}, {@code #root.target} and bean references ({@code @bean}) also work.
	 * A literal key needs quotes: {@code "'nightly-report'"}.
	 * <p>
	 * An expression that gives a collection or an array (for example {@code "#skus"}, or
	 * {@code "#skus.![ 'stock:' + #this ]"}) locks every element, as a key of its own: all of them
	 * or none within the wait time, taken in ascending key order so that two calls whose keys
	 * overlap cannot each wait for the other, and released in reverse order. Duplicates count
	 * once; an empty collection, or a null or blank element, is refused.
	 * @return the key expression
	 */
	String key();

	/**
	 * How long to wait for the lock, in {@link #timeUnit()}. {@code 0} tries once without
	 * waiting; a negative value (the default) uses {@code distributed-lock.default-wait-time}.
	 * @return the wait time
	 */
	long waitTime() default -1;

	/**
	 * How long to wait for the lock, as text, in place of {@link #waitTime()}: a duration in one
	 * of Spring's styles ({@code "5s"}, {@code "500ms"}, {@code "1m30s"}, {@code "PT5S"}; a bare
	 * number is milliseconds), or a property placeholder that gives one
	 * ({@code "${locks.stock.wait:5s}"}), resolved once when the bean is created. {@code "0"}
	 * tries once without waiting. Empty (the default) leaves the wait to {@link #waitTime()};
	 * setting both, or a value that is not a duration or is negative, fails start-up naming the
	 * method. (Not {@code wait}: an annotation cannot declare a member named like
	 * {@code Object.wait()}.)
	 * @return the wait time as text, or empty
	 */
	String waitFor() default "";

	/**
	 * SpEL expression, evaluated like {@link #key()} before each call, that decides whether the
	 * call is locked: {@code true} locks it, {@code false} runs the method without a lock (for
	 * example {@code "#order.total > 1000"}). Empty (the default) locks every call. An expression
	 * that does not parse, or names a parameter the method does not have, fails start-up; one
	 * that gives anything but {@code true} or {@code false} fails the call with
	 * {@code InvalidLockConditionException}, before the method runs.
	 * @return the condition expression, or empty
	 */
	String condition() default "";

	/**
	 * How long after its acquisition the lock stays held at least, in {@link #timeUnit()}: when
	 * the method returns sooner, the lock is given up in the background once that much time has
	 * passed, so that a short {@code @Scheduled} job is not run again by another instance whose
	 * schedule fires a little later. With {@code onFailure = SKIP} and {@code waitTime = 0} the
	 * other instances skip their run. Needs {@code type = LockType.SEMAPHORE_MUTEX} (the only type
	 * another thread may release); {@code 0} (the default) releases when the method returns.
	 * @return the minimum hold time
	 */
	long holdAtLeast() default 0;

	/**
	 * How long after its acquisition the lock stays held at least, as text, in place of
	 * {@link #holdAtLeast()}: a duration in Spring's styles ({@code "30s"}, {@code "PT30S"}; a bare
	 * number is milliseconds) or a property placeholder that gives one
	 * ({@code "${locks.report.hold-at-least:30s}"}), resolved once when the bean is created. The
	 * same rules as {@code holdAtLeast} apply. Empty (the default) leaves it to
	 * {@link #holdAtLeast()}; setting both, or a value that is not a duration or is negative,
	 * fails start-up naming the method.
	 * @return the minimum hold time as text, or empty
	 * @since 0.1.0
	 */
	String holdAtLeastFor() default "";

	/**
	 * How long after its acquisition the lock is held at most, as text in Spring's duration
	 * styles ({@code "30s"}, {@code "PT30S"}; a bare number is milliseconds) or a property
	 * placeholder that gives one ({@code "${locks.report.max-hold:5m}"}), resolved once when the
	 * bean is created. If the method still runs then, the lock is given up for it: its node or
	 * key is deleted so that the next holder takes the lock with a greater fencing token, the
	 * method's lock becomes {@code LOST} (its transaction's commit is refused, the call ends with
	 * {@code LockLostException} after the method returns) and, with
	 * {@code distributed-lock.lock-lost.interrupt-holder}, the thread is interrupted. Empty (the
	 * default) takes {@code distributed-lock.default-max-hold}, unset by default: the lock is held
	 * until the method returns; {@code "0"} holds it until then whatever the default. Not shorter
	 * than {@link #holdAtLeast()};
	 * a value that is not a duration, is negative or is shorter fails start-up naming the method.
	 * @return the maximum hold time as text, or empty
	 * @since 0.1.0
	 */
	String maxHold() default "";

	/**
	 * Whether another process or an operator may ask the holder to give the lock up
	 * ({@code LockOperations.requestRevocation}, {@code POST /actuator/locks/{key}/revoke}, or
	 * Curator's {@code Revoker} on ZooKeeper): the method is told through
	 * {@code LockContext.current().revocationRequested()} and {@code LockListener} beans, and
	 * decides when to return; the lock is never taken from it. A lock that is not revocable is
	 * never affected. Needs a backend that supports it for the type (ZooKeeper: {@code MUTEX});
	 * otherwise start-up fails.
	 * @return whether the lock is revocable
	 */
	boolean revocable() default false;

	/**
	 * Whether the method's writes are fenced in its database: the method runs in a transaction
	 * (its own {@code @Transactional} settings, else a required one) that begins by claiming the
	 * fence of each of its lock keys with the lock's fencing token ({@code JdbcFences}, the
	 * {@code distributed_lock_fence} table). A holder whose lock another process took meanwhile
	 * (after a pause, a session or lease that ended, a partition) finds the fence raised by the
	 * newer holder's greater token: its transaction rolls back before the method runs, and the call
	 * ends with {@code FencedOffException} naming the key and both tokens. In the transaction the
	 * claim holds the fence's row lock, so the newer holder's claim waits until the older
	 * holder's transaction has ended and then reads what it wrote.
	 * <p>
	 * Needs a {@code JdbcFences} bean (auto-configured with a {@code DataSource} and a transaction
	 * manager), a synchronous method, an exclusive type ({@code MUTEX}, {@code SEMAPHORE_MUTEX},
	 * {@code WRITE}) and a propagation the method joins ({@code REQUIRED}, {@code SUPPORTS},
	 * {@code MANDATORY}); otherwise start-up fails naming the method.
	 * @return whether the method's transaction claims the fence first
	 * @since 0.1.0
	 */
	boolean fenced() default false;

	/**
	 * The unit of {@link #waitTime()} and {@link #holdAtLeast()}.
	 * @return the time unit
	 */
	TimeUnit timeUnit() default TimeUnit.MILLISECONDS;

	/**
	 * The kind of lock.
	 * @return the lock type
	 */
	LockType type() default LockType.MUTEX;

	/**
	 * How many holders a {@link LockType#SEMAPHORE} has at most: a whole number of at least 1, or
	 * a property placeholder that gives one ({@code "${locks.exports.permits:4}"}), resolved once
	 * when the bean is created. Every process that locks the key must give the same number.
	 * Empty (the default) is 1; a value for another type, one that is not a whole number, or one
	 * below 1 fails start-up naming the method.
	 * @return the number of permits as text, or empty
	 * @since 0.1.0
	 */
	String permits() default "";

	/**
	 * What happens when the lock cannot be acquired in time or the lock service fails.
	 * @return the failure policy
	 */
	LockFailurePolicy onFailure() default LockFailurePolicy.THROW;

	/**
	 * A name that selects settings of this lock in the application's configuration, which then
	 * take precedence over this annotation's: with Spring Boot,
	 * {@code distributed-lock.locks.<name>.wait}, {@code .type}, {@code .max-hold},
	 * {@code .permits} and {@code .on-failure}, read
	 * once when the bean is created. The name also labels the lock's metrics in place of
	 * {@code Class.method}. Empty (the default) selects none. A name with no settings configured
	 * keeps the annotation's.
	 * @return the name of the lock's settings, or empty
	 */
	String name() default "";

	/**
	 * Name of a method on the same bean called instead when the lock cannot be had, with
	 * {@link #onFailure()} {@link LockFailurePolicy#FALLBACK FALLBACK}. It takes the same
	 * parameters (optionally followed by a {@code DistributedLockException}) and returns a type
	 * assignable to this method's return type; a missing or mismatched method fails start-up.
	 * @return the fallback method name
	 */
	String fallback() default "";

}
