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
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockLostException;
import jakarta.servlet.http.HttpServletRequest;
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
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Maps every failure to a JSON {@link ApiError}; stack traces go to the log only.
 */
@RestControllerAdvice
public class ApiExceptionHandler {

	private static final Log logger = LogFactory.getLog(ApiExceptionHandler.class);

	@ExceptionHandler(GoodsNotFoundException.class)
	ResponseEntity<ApiError> notFound(GoodsNotFoundException ex, HttpServletRequest request) {
		return answer(HttpStatus.NOT_FOUND, "NOT_FOUND", ex.getMessage(), request);
	}

	@ExceptionHandler(SoldOutException.class)
	ResponseEntity<ApiError> soldOut(SoldOutException ex, HttpServletRequest request) {
		return answer(HttpStatus.CONFLICT, "SOLD_OUT", ex.getMessage(), request);
	}

	@ExceptionHandler(FencedOffException.class)
	ResponseEntity<ApiError> fencedOff(FencedOffException ex, HttpServletRequest request) {
		logger.warn(ex.getMessage());
		return answer(HttpStatus.CONFLICT, "FENCED_OFF", ex.getMessage(), request);
	}

	@ExceptionHandler(LockAcquisitionException.class)
	ResponseEntity<ApiError> lockTimeout(LockAcquisitionException ex, HttpServletRequest request) {
		return answer(HttpStatus.LOCKED, "LOCK_TIMEOUT", "The item is busy, try again: " + ex.getMessage(), request);
	}

	@ExceptionHandler(LockLostException.class)
	ResponseEntity<ApiError> lockLost(LockLostException ex, HttpServletRequest request) {
		logger.warn(ex.getMessage());
		return answer(HttpStatus.SERVICE_UNAVAILABLE, "LOCK_LOST",
				"The lock was lost while the purchase ran (ZooKeeper session trouble); check the order state: "
						+ ex.getMessage(),
				request);
	}

	@ExceptionHandler({ LockBackendException.class, LockInterruptedException.class })
	ResponseEntity<ApiError> lockUnavailable(DistributedLockException ex, HttpServletRequest request) {
		logger.warn(ex.getMessage());
		return answer(HttpStatus.SERVICE_UNAVAILABLE, "LOCK_UNAVAILABLE",
				"The lock service is unavailable: " + ex.getMessage(), request);
	}

	@ExceptionHandler({ TypeMismatchException.class, HttpMessageNotReadableException.class,
			IllegalArgumentException.class })
	ResponseEntity<ApiError> badRequest(Exception ex, HttpServletRequest request) {
		String message = (ex instanceof TypeMismatchException mismatch && mismatch.getPropertyName() != null)
				? "Invalid value '" + mismatch.getValue() + "' for '" + mismatch.getPropertyName() + "'"
				: ex.getMessage();
		return answer(HttpStatus.BAD_REQUEST, "BAD_REQUEST", message, request);
	}

	@ExceptionHandler(DataAccessException.class)
	ResponseEntity<ApiError> database(DataAccessException ex, HttpServletRequest request) {
		logger.error("Database failure on " + request.getRequestURI(), ex);
		return answer(HttpStatus.SERVICE_UNAVAILABLE, "DATABASE_ERROR", "The database failed; see the server log",
				request);
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<ApiError> other(Exception ex, HttpServletRequest request) {
		if (ex instanceof ErrorResponse errorResponse) {
			// Spring MVC's own exceptions: unknown path, wrong method, missing parameter, ...
			HttpStatusCode status = errorResponse.getStatusCode();
			String detail = errorResponse.getBody().getDetail();
			return answer(status, codeOf(status), (detail != null) ? detail : ex.getMessage(), request);
		}
		logger.error("Unexpected failure on " + request.getRequestURI(), ex);
		return answer(HttpStatus.INTERNAL_SERVER_ERROR, "INTERNAL_ERROR", "Unexpected error; see the server log",
				request);
	}

	private static String codeOf(HttpStatusCode status) {
		HttpStatus known = HttpStatus.resolve(status.value());
		return (known != null) ? known.name() : "HTTP_" + status.value();
	}

	private static ResponseEntity<ApiError> answer(HttpStatusCode status, String code, String message,
			HttpServletRequest request) {
		HttpStatus known = HttpStatus.resolve(status.value());
		String reason = (known != null) ? known.getReasonPhrase() : String.valueOf(status.value());
		return ResponseEntity.status(status)
			.contentType(MediaType.APPLICATION_JSON)
			.body(new ApiError(status.value(), reason, code, message, request.getRequestURI()));
	}

}
