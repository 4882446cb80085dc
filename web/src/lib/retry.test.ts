import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { RETRIED_DATA, isRetryable } from './retry';

describe('the retry rule of part 2 §7', () => {
  it('retries network failures, server errors, timeouts and rate limits', () => {
    for (const error of [new TypeError('Failed to fetch'), new ApiError(500, 'oops'), new ApiError(503, 'down'), new ApiError(408, 'slow'), new ApiError(429, 'later')]) {
      expect(isRetryable(error)).toBe(true);
    }
  });

  it('never retries a refusal or bad input', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(isRetryable(new ApiError(status, 'no'))).toBe(false);
  });

  it('stops after three retries, with growing waits of at most 4 s', () => {
    const error = new ApiError(500, 'oops');
    expect([0, 1, 2, 3].map((failures) => RETRIED_DATA.retry(failures, error))).toEqual([true, true, true, false]);
    expect([0, 1, 2, 3, 4].map(RETRIED_DATA.retryDelay)).toEqual([500, 1000, 2000, 4000, 4000]);
  });
});
