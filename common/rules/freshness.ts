/** How old the Hacker News data is, as people are told it beside the lists (docs/web.md). */

export interface Freshness {
  /** Unix seconds of the end of the last ingestion cycle that read Hacker News, or null before the first. */
  asOf: number | null;
  /** Unix seconds of the start of the first failed cycle since then, while the newest cycle failed; else null. */
  unreachableSince: number | null;
}

/** "40 s", "12 min", "3 h 5 min", "2 days": an age short enough for a caption. */
export function shortAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The caption: "Hacker News data as of 40 s ago" while cycles succeed; "Hacker News unreachable since 10:02 (data as
 * of 12 min ago)" while they fail; "Waiting for the first Hacker News data" before any. `clock` formats a moment.
 */
export function freshnessText(freshness: Freshness, nowSeconds: number, clock: (unixSeconds: number) => string): string {
  const age = freshness.asOf === null ? null : `${shortAge(nowSeconds - freshness.asOf)} ago`;
  if (freshness.unreachableSince !== null) {
    return `Hacker News unreachable since ${clock(freshness.unreachableSince)}${age ? ` (data as of ${age})` : ''}`;
  }
  return age ? `Hacker News data as of ${age}` : 'Waiting for the first Hacker News data';
}
