import { lazy, Suspense } from 'react';
import { isSettingOn } from '#common/rules/admin.ts';
import { useSettings } from './api';

const PerformanceMonitor = lazy(async () => ({ default: (await import('./performance-monitor')).PerformanceMonitor }));

/**
 * Spec §2.7, §7: for an admin, the settings are read (never cached) and the monitor shown when
 * enable_performance_monitor is true or 'true'. Mounted for admins only; its code loads only when it is on.
 */
export function PerformanceMonitorGate() {
  const settings = useSettings();
  const setting = settings.data?.settings.find((entry) => entry.key === 'enable_performance_monitor');
  if (!isSettingOn(setting?.value)) return null;
  return (
    <Suspense fallback={null}>
      <PerformanceMonitor />
    </Suspense>
  );
}
