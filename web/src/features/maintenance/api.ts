import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getJson } from '@/lib/api';

/** Spec part 1 §9: the maintenance status is polled every 30 s. */
const MAINTENANCE_POLL_MS = 30_000;

const maintenanceStatusQuery = {
  queryKey: ['/api/maintenance-status'],
  queryFn: () => getJson<{ maintenanceMode: boolean }>('/api/maintenance-status'),
  retry: false,
} as const;

/** Asks for the maintenance status as the app starts, before its first render is done. */
export function prefetchMaintenanceStatus(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(maintenanceStatusQuery);
}

export function useMaintenanceStatus() {
  const query = useQuery({ ...maintenanceStatusQuery, refetchInterval: MAINTENANCE_POLL_MS });
  // When the status cannot be read, the site stays usable rather than locking everyone out.
  return { maintenanceMode: query.data?.maintenanceMode ?? false, isLoading: query.isLoading };
}
