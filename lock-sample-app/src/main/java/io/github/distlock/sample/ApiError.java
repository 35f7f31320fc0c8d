package io.github.distlock.sample;

/**
 * The JSON body of every error answer.
 *
 * @param status the HTTP status code
 * @param error the HTTP reason phrase
 * @param code a stable code: NOT_FOUND, SOLD_OUT, FENCED_OFF, LOCK_TIMEOUT, LOCK_UNAVAILABLE,
 * LOCK_LOST, BAD_REQUEST, METHOD_NOT_ALLOWED, INTERNAL_ERROR, ...
 * @param message a human-readable message (never a stack trace)
 * @param path the request path
 */
public record ApiError(int status, String error, String code, String message, String path) {
}
