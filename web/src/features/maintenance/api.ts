import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api';

/** Spec part 1 §9: the maintenance status is polled every 30 s. */
const MAINTENANCE_POLL_MS = 30_000;

export function useMaintenanceStatus() {
  const query = useQuery({
    queryKey: ['/api/maintenance-status'],
    queryFn: () => getJson<{ maintenanceMode: boolean }>('/api/maintenance-status'),
    refetchInterval: MAINTENANCE_POLL_MS,
    retry: false,
  });
  // When the status cannot be read, the site stays usable rather than locking everyone out.
  return { maintenanceMode: query.data?.maintenanceMode ?? false, isLoading: query.isLoading };
}
