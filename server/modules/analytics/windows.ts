import type pg from 'pg';
import { ANALYTICS_TIMEFRAMES } from '#common/rules/analytics.ts';

/**
 * The admin analytics' periods as running counts (docs/admin.md, "Analytics"). Each story event adds to its story's
 * row in every period (story_window_activity) and to its hour (story_hourly_activity). A period of H hours holds the
 * hours from the one that began H hours ago; when an hour leaves a period, its hourly counts are taken off that
 * period's rows. So the popular stories of a period are its first rows in the ranking index, and taking an hour off
 * costs that hour's rows, whatever the period's length.
 */

const HOUR_MS = 3_600_000;
export const TIMEFRAME_HOURS = ANALYTICS_TIMEFRAMES.map(({ hours }) => hours);

/** The first hour a period of `hours` hours holds at `nowMs`. */
export function periodStart(hours: number, nowMs: number): Date {
  return new Date(Math.floor((nowMs - hours * HOUR_MS) / HOUR_MS) * HOUR_MS);
}

/**
 * Takes the hours that have left the period off its counts, once: the period's row in analytics_windows is moved
 * on and read in the same statement, so two callers at once take each hour off only once. Rows left with nothing
 * are deleted (found at the end of the ranking index).
 */
export async function expireWindow(pool: pg.Pool, hours: number, nowMs: number): Promise<void> {
  const start = periodStart(hours, nowMs);
  // Most calls find nothing to do: a plain read says so without locking the period's row.
  const due = await pool.query('SELECT 1 FROM analytics_windows WHERE timeframe = $1 AND expired_before < $2', [hours, start]);
  if (due.rowCount === 0) return;
  const expired = await pool.query(
    `WITH moved AS (
       UPDATE analytics_windows w SET expired_before = $2
         FROM (SELECT timeframe, expired_before AS before FROM analytics_windows WHERE timeframe = $1 FOR UPDATE) old
        WHERE w.timeframe = old.timeframe AND old.before < $2
       RETURNING old.before
     ), leaving AS (
       SELECT h.story_id, sum(h.views) AS views, sum(h.unique_views) AS unique_views, sum(h.bookmarks) AS bookmarks
         FROM story_hourly_activity h, moved WHERE h.hour >= moved.before AND h.hour < $2 GROUP BY h.story_id
     )
     UPDATE story_window_activity w
        SET views = w.views - l.views, unique_views = w.unique_views - l.unique_views, bookmarks = w.bookmarks - l.bookmarks
       FROM leaving l WHERE w.timeframe = $1 AND w.story_id = l.story_id`,
    [hours, start],
  );
  if ((expired.rowCount ?? 0) > 0) {
    await pool.query(`DELETE FROM story_window_activity WHERE timeframe = $1 AND views <= 0 AND unique_views <= 0 AND bookmarks <= 0`, [hours]);
  }
}

/** Brings every period up to date (the analytics job runs this every minute, the old-analytics task before it deletes). */
export async function expireWindows(pool: pg.Pool, nowMs: number): Promise<void> {
  for (const hours of TIMEFRAME_HOURS) await expireWindow(pool, hours, nowMs);
}
