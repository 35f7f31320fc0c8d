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

package io.github.distlock.interceptor

import io.github.distlock.annotation.DistributedLock
import io.github.distlock.core.LockLostException
import io.github.distlock.core.memory.InMemoryLockBackend
import io.github.distlock.core.memory.InMemoryLockService
import io.github.distlock.core.memory.InMemoryLockingConfiguration
import io.github.distlock.reactive.ReactiveLockContext
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.reactor.awaitSingleOrNull
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatExceptionOfType
import org.awaitility.Awaitility.await
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.springframework.context.annotation.AnnotationConfigApplicationContext
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration

/**
 * `@DistributedLock` on Kotlin `suspend` functions: the lock is held from the start of the
 * function to its end, across its suspensions, and the function sees it in `ReactiveLockContext`.
 */
class SuspendLockedFunctionsTests {

	private val service = InMemoryLockService()

	private val context: AnnotationConfigApplicationContext =
		InMemoryLockingConfiguration.start(service, ShelvesConfiguration::class.java)

	private val shelves = context.getBean(Shelves::class.java)

	@AfterEach
	fun close() {
		context.close()
	}

	@Test
	fun suspendFunctionHoldsItsLockAcrossItsSuspensionsAndSeesIt() = runBlocking {
		val gate = CompletableDeferred<String>()
		val first = async(Dispatchers.Default) { shelves.take("a", gate) }
		await().until { shelves.started() == 1 }
		val second = async(Dispatchers.Default) { shelves.take("a", CompletableDeferred("second")) }
		await().until { service.entriesOf("shelf:a").size == 1 }
		assertThat(shelves.started()).`as`("the second call waits for the first to end").isEqualTo(1)
		gate.complete("first")
		assertThat(withTimeout(5000) { first.await() }).isEqualTo("first:shelf:a")
		assertThat(withTimeout(5000) { second.await() }).isEqualTo("second:shelf:a")
		await().until { service.entriesOf("shelf:a").isEmpty() }
	}

	@Test
	fun nestedSuspendFunctionOnTheSameKeyReenters() = runBlocking {
		assertThat(withTimeout(5000) { shelves.takeTwice("b") }).isEqualTo("inner:shelf:b")
		await().until { service.entriesOf("shelf:b").isEmpty() }
	}

	@Test
	fun lostLockEndsTheFunctionWithLockLostException() {
		val backend = context.getBean(InMemoryLockBackend::class.java)
		assertThatExceptionOfType(LockLostException::class.java).isThrownBy {
			runBlocking {
				val call = async(Dispatchers.Default) { shelves.hold("c") }
				await().until { shelves.started() == 1 }
				backend.expireSession()
				withTimeout(5000) { call.await() }
			}
		}
		await().until { shelves.cancelled() == 1 }
	}

	@Configuration(proxyBeanMethods = false)
	open class ShelvesConfiguration {

		@Bean
		open fun bins(): Bins = Bins()

		@Bean
		open fun shelves(bins: Bins): Shelves = Shelves(bins)

	}

	open class Bins {

		@DistributedLock(key = "'shelf:' + #item")
		open suspend fun peek(item: String): String {
			val lock = ReactiveLockContext.current().awaitSingleOrNull()
			return "inner:" + (lock?.key() ?: "none")
		}

	}

	open class Shelves(private val bins: Bins) {

		private val started = AtomicInteger()

		private val cancelled = AtomicInteger()

		open fun started(): Int = started.get()

		open fun cancelled(): Int = cancelled.get()

		@DistributedLock(key = "'shelf:' + #item")
		open suspend fun take(item: String, outcome: CompletableDeferred<String>): String {
			started.incrementAndGet()
			val value = outcome.await()
			val lock = ReactiveLockContext.current().awaitSingleOrNull()
			return value + ":" + (lock?.key() ?: "none")
		}

		@DistributedLock(key = "'shelf:' + #item")
		open suspend fun takeTwice(item: String): String = bins.peek(item)

		@DistributedLock(key = "'shelf:' + #item")
		open suspend fun hold(item: String): String {
			started.incrementAndGet()
			try {
				awaitCancellation()
			}
			finally {
				cancelled.incrementAndGet()
			}
		}

	}

}
