import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handledAsUnauthorized } from '@/lib/api';

/**
 * Request defaults of spec part 1 §9: data never goes stale by itself, no refetch on window focus, no retries
 * (the keyword calls opt in to theirs). Any call failing as unauthorized applies the unauthorized rule.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => void handledAsUnauthorized(error) }),
    mutationCache: new MutationCache({ onError: (error) => void handledAsUnauthorized(error) }),
    // offlineFirst: a request goes out even while the browser says it is offline, as the service worker may answer
    // it (from its cache, or by queuing a change: web/sw/sw.ts); only retries wait for the connection.
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}
