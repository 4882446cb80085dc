import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Freshness } from '#common/rules/freshness.ts';
import { freshnessText } from '#common/rules/freshness.ts';
import { getJson } from '@/lib/api';
import { cn } from '@/lib/utils';

export const FRESHNESS_PATH = '/api/stories/freshness';
/** Asked again every half minute: a cycle runs once a minute. */
const FRESHNESS_POLL_MS = 30_000;
/** The caption's age moves on between polls. */
const TICK_MS = 10_000;

const clock = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Asked again whenever the line appears (staleTime 0), not only every half minute: a page the server rendered
 * brings a reading as old as the page, and the line must say at once when Hacker News has become unreachable.
 */
export function useFreshness() {
  return useQuery({ queryKey: [FRESHNESS_PATH], queryFn: () => getJson<Freshness>(FRESHNESS_PATH), refetchInterval: FRESHNESS_POLL_MS, staleTime: 0 });
}

/**
 * "Hacker News data as of 40 s ago", or "Hacker News unreachable since 10:02 (data as of 12 min ago)": shown
 * wherever the data is, so an empty or still list is never mistaken for a quiet Hacker News. Nothing until known.
 */
export function DataAge({ className }: { className?: string }) {
  const freshness = useFreshness();
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!freshness.data) return null;
  const unreachable = freshness.data.unreachableSince !== null;
  return (
    // The age counts on from the page's render to the browser's first: it may read a few seconds apart.
    <p suppressHydrationWarning data-testid="data-age" data-unreachable={unreachable || undefined} className={cn('text-xs text-muted-foreground', unreachable && 'font-medium text-amber-700 dark:text-amber-400', className)}>
      {freshnessText(freshness.data, Math.max(nowMs, freshness.dataUpdatedAt) / 1000, clock)}
    </p>
  );
}
