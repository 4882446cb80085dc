import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceLog, MaintenanceResult, MaintenanceTask, MaintenanceTaskPatch } from '#common/contracts/maintenance.ts';
import { MAINTENANCE_REFRESH_MS } from '#common/rules/maintenance.ts';
import { apiRequest, getJson } from '@/lib/api';
import { RETRIED_DATA } from '@/lib/retry';

/** The database maintenance calls (spec part 2 §7); the tasks and logs refresh every 30 s (§9). */
const BASE = '/api/admin/maintenance';
const TASKS_KEY = [`${BASE}/tasks`];
const LOGS_KEY = [`${BASE}/logs`];

/** Retried up to 3 times, never after a refusal or bad input (part 2 §7). */

export function useMaintenanceTasks() {
  return useQuery({
    queryKey: TASKS_KEY,
    queryFn: async () => (await getJson<{ tasks: MaintenanceTask[] }>(`${BASE}/tasks`)).tasks,
    refetchInterval: MAINTENANCE_REFRESH_MS,
    ...RETRIED_DATA,
  });
}

export function useMaintenanceLogs() {
  return useQuery({
    queryKey: LOGS_KEY,
    queryFn: async () => (await getJson<{ logs: MaintenanceLog[] }>(`${BASE}/logs`)).logs,
    refetchInterval: MAINTENANCE_REFRESH_MS,
    ...RETRIED_DATA,
  });
}

function useMaintenanceMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: TASKS_KEY }), queryClient.invalidateQueries({ queryKey: LOGS_KEY })]),
  });
}

export const useInitializeTasks = () => useMaintenanceMutation(() => apiRequest<{ tasks: MaintenanceTask[]; created: number }>('POST', `${BASE}/initialize`));
export const useExecuteTask = () => useMaintenanceMutation((taskId: number) => apiRequest<MaintenanceResult>('POST', `${BASE}/execute/${taskId}`));
export const useUpdateTask = () =>
  useMaintenanceMutation(({ taskId, patch }: { taskId: number; patch: MaintenanceTaskPatch }) =>
    apiRequest<{ task: MaintenanceTask }>('PATCH', `${BASE}/tasks/${taskId}`, patch),
  );
