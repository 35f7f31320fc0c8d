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

package io.github.distlock.sample;

import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockLostException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;

/**
 * Maps every failure to a JSON {@link ApiError}, whichever web stack serves the request; stack
 * traces go to the log only.
 */
final class ApiErrors {

	private static final Log logger = LogFactory.getLog(ApiErrors.class);

	private ApiErrors() {
	}

	/**
	 * The answer to a failure.
	 * @param ex the failure
	 * @param path the request's path
	 * @return the status and its {@link ApiError}
	 */
	static ResponseEntity<ApiError> answer(Exception ex, String path) {
		if (ex instanceof GoodsNotFoundException) {
			return answer(HttpStatus.NOT_FOUND, "NOT_FOUND", ex.getMessage(), path);
		}
		if (ex instanceof SoldOutException) {
			return answer(HttpStatus.CONFLICT, "SOLD_OUT", ex.getMessage(), path);
		}
		if (ex instanceof FencedOffException) {
			logger.warn(ex.getMessage());
			return answer(HttpStatus.CONFLICT, "FENCED_OFF", ex.getMessage(), path);
		}
		if (ex instanceof LockAcquisitionException) {
			return answer(HttpStatus.LOCKED, "LOCK_TIMEOUT", "The item is busy, try again: " + ex.getMessage(), path);
		}
		if (ex instanceof LockLostException) {
			logger.warn(ex.getMessage());
			return answer(HttpStatus.SERVICE_UNAVAILABLE, "LOCK_LOST",
					"The lock was lost while the purchase ran (ZooKeeper session trouble); check the order state: "
							+ ex.getMessage(),
					path);
		}
		if (ex instanceof LockBackendException || ex instanceof LockInterruptedException) {
			logger.warn(ex.getMessage());
			return answer(HttpStatus.SERVICE_UNAVAILABLE, "LOCK_UNAVAILABLE",
					"The lock service is unavailable: " + ex.getMessage(), path);
		}
		if (ex instanceof TypeMismatchException || ex instanceof HttpMessageNotReadableException
				|| ex instanceof IllegalArgumentException) {
			String message = (ex instanceof TypeMismatchException mismatch && mismatch.getPropertyName() != null)
					? "Invalid value '" + mismatch.getValue() + "' for '" + mismatch.getPropertyName() + "'"
					: ex.getMessage();
			return answer(HttpStatus.BAD_REQUEST, "BAD_REQUEST", message, path);
		}
		if (ex instanceof DataAccessException) {
			logger.error("Database failure on " + path, ex);
			return answer(HttpStatus.SERVICE_UNAVAILABLE, "DATABASE_ERROR", "The database failed; see the server log",
					path);
		}
		if (ex instanceof ErrorResponse errorResponse) {
			// the web stack's own exceptions: unknown path, wrong method, missing parameter, ...
			HttpStatusCode status = errorResponse.getStatusCode();
			String detail = errorResponse.getBody().getDetail();
			return answer(status, codeOf(status), (detail != null) ? detail : ex.getMessage(), path);
		}
		logger.error("Unexpected failure on " + path, ex);
		return answer(HttpStatus.INTERNAL_SERVER_ERROR, "INTERNAL_ERROR", "Unexpected error; see the server log", path);
	}

	private static String codeOf(HttpStatusCode status) {
		HttpStatus known = HttpStatus.resolve(status.value());
		return (known != null) ? known.name() : "HTTP_" + status.value();
	}

	private static ResponseEntity<ApiError> answer(HttpStatusCode status, String code, String message, String path) {
		HttpStatus known = HttpStatus.resolve(status.value());
		String reason = (known != null) ? known.getReasonPhrase() : String.valueOf(status.value());
		return ResponseEntity.status(status)
			.contentType(MediaType.APPLICATION_JSON)
			.body(new ApiError(status.value(), reason, code, message, path));
	}

}
