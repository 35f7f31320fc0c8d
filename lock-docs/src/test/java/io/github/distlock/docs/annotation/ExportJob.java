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

import java.util.List;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockContext;
import org.springframework.stereotype.Service;

/**
 * A revocable job: it is told when another process asks for its lock, and returns when it
 * chooses.
 */
@Service
public class ExportJob {

	// tag::revocable[]
	@DistributedLock(key = "'export'", revocable = true)
	public void export() {
		for (Batch batch : batches()) {
			if (LockContext.current().revocationRequested()) {
				return;                       // give the lock up at a point of our choosing
			}
			write(batch);
		}
	}
	// end::revocable[]

	private List<Batch> batches() {
		return List.of();
	}

	private void write(Batch batch) {
	}

}
