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
package io.github.distlock.docs.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;

/**
 * {@code @DistributedLock} as a meta-annotation of a composed annotation.
 */
// tag::composed[]
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@DistributedLock(key = "'nightly-report'", type = LockType.SEMAPHORE_MUTEX, waitFor = "0",
		onFailure = LockFailurePolicy.SKIP)
public @interface NightlyReportLock {

}
// end::composed[]
