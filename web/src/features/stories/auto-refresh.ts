import { useEffect, useRef, useState } from 'react';

/** 'Xm Ys' for the time left until the next refresh. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/**
 * Calls `refresh` every `intervalMinutes` while enabled and returns the time left until the next call.
 * The countdown restarts whenever the interval changes or auto-refresh is switched back on.
 */
export function useAutoRefresh({ enabled, intervalMinutes, refresh }: { enabled: boolean; intervalMinutes: number; refresh: () => void }) {
  const [dueAt, setDueAt] = useState(() => Date.now() + intervalMinutes * 60_000);
  const [now, setNow] = useState(() => Date.now());
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    if (!enabled) return;
    const intervalMs = intervalMinutes * 60_000;
    let due = Date.now() + intervalMs;
    setDueAt(due);
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      if (current >= due) {
        refreshRef.current();
        due = current + intervalMs;
        setDueAt(due);
      }
      setNow(current);
    }, 1000);
    return () => clearInterval(timer);
  }, [enabled, intervalMinutes]);

  return { msLeft: Math.max(0, dueAt - now) };
}
