import { useEffect, useRef, useState } from 'react';

/** 'Xm Ys' for the time left until the next refresh. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/**
 * Calls `refresh` every `intervalMinutes` while enabled and returns when the next call is due. The due time
 * changes only when the interval restarts or a refresh fires, so the list holding it does not re-render every
 * second; `<Countdown>` shows the seconds ticking. The countdown restarts whenever the interval changes or
 * auto-refresh is switched back on.
 */
export function useAutoRefresh({ enabled, intervalMinutes, refresh }: { enabled: boolean; intervalMinutes: number; refresh: () => void }) {
  const [dueAt, setDueAt] = useState(() => Date.now() + intervalMinutes * 60_000);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    if (!enabled) return;
    const intervalMs = intervalMinutes * 60_000;
    let due = Date.now() + intervalMs;
    setDueAt(due);
    const timer = setInterval(() => {
      const now = Date.now();
      if (now < due) return;
      refreshRef.current();
      due = now + intervalMs;
      setDueAt(due);
    }, 1000);
    return () => clearInterval(timer);
  }, [enabled, intervalMinutes]);

  return { dueAt };
}

/** 'Xm Ys' until `dueAt`, ticking every second, or 'Refreshing...' while a refresh runs. */
export function Countdown({ dueAt, refreshing }: { dueAt: number; refreshing: boolean }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [dueAt]);
  return <>{refreshing ? 'Refreshing...' : formatCountdown(dueAt - now)}</>;
}
