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

/**
 * Runs the annotated method only in the process that leads the named election, typically on a
 * {@code @Scheduled} method that every instance schedules; elsewhere the call is skipped and
 * returns what {@code @DistributedLock(onFailure = SKIP)} would: nothing for {@code void}, an
 * empty {@code Optional}, collection or array, otherwise {@code null}.
 * <p>
 * The process joins the election when the application starts. The method runs with its term
 * in {@code LeaderContext.current()}, whose {@code epoch()} grows with each new leader; if
 * leadership is revoked while it runs (the lock service was suspended or the session lost), it
 * may be interrupted ({@code distributed-lock.leader.interrupt-on-revoke}) and the call ends
 * with {@code LeadershipLostException}.
 *
 * @since 0.1.0
 */
@Target({ ElementType.METHOD, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Documented
public @interface LeaderOnly {

	/**
	 * The election's name; processes that use the same name elect one leader among them.
	 * @return the election name
	 */
	String value();

}
