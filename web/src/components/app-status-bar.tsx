import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ageText, useOfflineStatus } from '@/lib/offline-status';

/** The age in the offline line moves on while the page stays open. */
const TICK_MS = 30_000;

/**
 * The line above the page when it matters: offline (or the server did not answer in time), with how old the data on
 * screen is and how many changes wait for the connection; and "A new version is available" with Reload. Nothing
 * otherwise (nor on the server, so a rendered page hydrates as it is).
 */
export function AppStatusBar() {
  const { online, savedAt, pendingWrites, reloadToUpdate } = useOfflineStatus();
  const [now, setNow] = useState(() => Date.now());
  const showOffline = !online || savedAt !== null || pendingWrites > 0;
  useEffect(() => {
    if (!showOffline) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [showOffline, savedAt]);

  if (!showOffline && !reloadToUpdate) return null;
  const where = !online ? 'You are offline.' : savedAt !== null ? 'The server did not answer.' : 'Back online.';
  const age = savedAt !== null ? ` Showing data saved ${ageText(savedAt, now)}.` : '';
  const waiting = pendingWrites > 0 ? ` ${pendingWrites} change${pendingWrites === 1 ? '' : 's'} will be sent when the connection is back.` : '';
  return (
    <div className="border-b bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <div className="mx-auto grid max-w-7xl gap-1 px-4 py-1.5 text-sm sm:px-6">
        {showOffline && (
          <p role="status" data-testid="offline-status">
            {where}
            {age}
            {waiting}
          </p>
        )}
        {reloadToUpdate && (
          <p role="status" data-testid="update-status" className="flex flex-wrap items-center gap-x-3">
            A new version is available.
            <Button size="sm" variant="outline" className="h-7 bg-background text-foreground" onClick={reloadToUpdate}>
              Reload
            </Button>
          </p>
        )}
      </div>
    </div>
  );
}
