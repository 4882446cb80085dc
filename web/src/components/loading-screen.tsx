import { Loader2 } from 'lucide-react';

/** Shown while the current user or the maintenance status is still loading. */
export function LoadingScreen() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center">
      <span className="inline-flex items-center gap-2 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        Loading...
      </span>
    </div>
  );
}
