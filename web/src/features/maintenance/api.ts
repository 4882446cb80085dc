import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getJson } from '@/lib/api';

/** Spec part 1 §9: the maintenance status is polled every 30 s. */
const MAINTENANCE_POLL_MS = 30_000;

export interface MaintenanceStatus {
  maintenanceMode: boolean;
}

export const MAINTENANCE_STATUS_PATH = '/api/maintenance-status';
export const MAINTENANCE_STATUS_KEY = [MAINTENANCE_STATUS_PATH] as const;

const maintenanceStatusQuery = {
  queryKey: MAINTENANCE_STATUS_KEY,
  queryFn: () => getJson<MaintenanceStatus>(MAINTENANCE_STATUS_PATH),
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
