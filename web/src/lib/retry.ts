import { ApiError } from './api';

/**
 * Whether a failed call may succeed if asked again: not after a refusal or bad input (4xx: the session is gone,
 * the person may not, the thing does not exist, the request is wrong), except a timeout or a rate limit (408, 429),
 * which a later try may pass. Network failures and the server's own errors (5xx) are worth another try.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * The retry rule of spec part 2 §7 (and part 1's for the keyword data calls): a query is retried up to 3 times
 * with backoff unless the failure is final (`isRetryable`). The screens of part 2 (preferences, email controls,
 * search, predictions, the admin area) use it; part 1's other calls are not retried (part 1 §9).
 */
export const RETRIED_DATA = {
  retry: (failures: number, error: unknown) => failures < 3 && isRetryable(error),
  retryDelay: (attempt: number) => Math.min(500 * 2 ** attempt, 4000),
} as const;
