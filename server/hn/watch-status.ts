import type pg from 'pg';

/**
 * Records status changes of watched stories after derivation: where a watched story's heat level (null reads
 * 'other', as in watchStatus()) differs from the status its watch last saw, the watch takes the new status and a
 * row is appended to watch_status_changes (the email issue sends those). One statement; it compares every watch
 * with its story, so its cost grows with the number of watches, and a cycle that failed before it runs is caught
 * up by the next one. Returns how many changes it recorded.
 */
export async function recordWatchStatusChanges(pool: pg.Pool, nowMs: number): Promise<number> {
  const result = await pool.query(
    `WITH changed AS (
       SELECT w.id, w.user_id, w.story_id, w.last_status AS from_status, coalesce(s.heat_level, 'other') AS to_status
         FROM story_watches w JOIN stories s ON s.id = w.story_id
        WHERE coalesce(s.heat_level, 'other') <> w.last_status
     ), updated AS (
       UPDATE story_watches w SET last_status = c.to_status, last_status_at = $1
         FROM changed c WHERE w.id = c.id AND w.last_status = c.from_status
       RETURNING w.id
     )
     INSERT INTO watch_status_changes (watch_id, user_id, story_id, from_status, to_status, changed_at)
     SELECT c.id, c.user_id, c.story_id, c.from_status, c.to_status, $1 FROM changed c JOIN updated u ON u.id = c.id`,
    [new Date(nowMs)],
  );
  return result.rowCount ?? 0;
}
