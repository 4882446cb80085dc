import { isUnauthorizedError } from './api';

/**
 * Spec part 1 §7, part 2 §7: the keyword and prediction data calls are retried up to 3 times with backoff, unless
 * the failure is one the shared check treats as final (the session is gone). Every other call is not retried.
 */
export const RETRIED_DATA = {
  retry: (failures: number, error: unknown) => failures < 3 && !isUnauthorizedError(error),
  retryDelay: (attempt: number) => Math.min(500 * 2 ** attempt, 4000),
} as const;
