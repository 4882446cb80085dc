import type pg from 'pg';
import { SNAPSHOT_HOURLY_DAYS, type MaintenanceTaskName } from '#common/rules/maintenance.ts';
import { expireWindows, periodStart, TIMEFRAME_HOURS } from '../analytics/windows.ts';
import { makeMissingHistoryDigests, storeHistoryDigests } from '../stories/history-digests.ts';

/**
 * What each standard maintenance task does. Every task works in batches of short statements, each committed on its
 * own, so ingestion and readers wait for a moment at most; a batch is found through an index in the order it is
 * deleted, so a run costs what it removes, not the size of the table.
 */
export interface TaskRun {
  pool: pg.Pool;
  retentionDays: number;
  nowMs: number;
}

export interface TaskDefinition {
  /** The tables whose size the run measures before and after (and vacuums when rows went). */
  tables: string[];
  run: (context: TaskRun) => Promise<number>;
}

const DAY_MS = 86_400_000;
const BATCH = 5000;
/** Stories whose old snapshots one thinning statement handles. */
const STORIES_PER_BATCH = 500;

const cutoff = ({ nowMs, retentionDays }: TaskRun) => new Date(nowMs - retentionDays * DAY_MS);

/** Runs `statement` (which affects at most BATCH rows) until a batch comes back short; the total it affected. */
async function inBatches(pool: pg.Pool, statement: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await pool.query(statement, params);
    total += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < BATCH) return total;
  }
}

/**
 * Deletes the rows of `table` whose `time` is before `bound`, a batch at a time in time order (through the index on
 * `time` that each of these tables has), each batch found by the table's `key` (its primary key columns).
 */
function deleteOlderThan(pool: pg.Pool, table: string, key: string, time: string, bound: Date | string): Promise<number> {
  return inBatches(pool, `DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE ${time} < $1 ORDER BY ${time} LIMIT ${BATCH})`, [bound]);
}

/** Whether pg-boss's tables exist yet (a process that never started the job queue has none). */
async function hasJobTables(pool: pg.Pool): Promise<boolean> {
  const result = await pool.query<{ present: boolean }>(`SELECT to_regclass('pgboss.archive') IS NOT NULL AS present`);
  return result.rows[0]!.present;
}

/**
 * Every snapshot newer than the retention stays; older ones keep the last of each hour, and those older than
 * SNAPSHOT_HOURLY_DAYS the last of each day (UTC). Walks the primary key (story_id, sampled_at) a range of stories
 * at a time.
 */
async function thinSnapshots(context: TaskRun): Promise<number> {
  const { pool, nowMs } = context;
  const keepAll = cutoff(context);
  const daily = new Date(Math.min(keepAll.getTime(), nowMs - SNAPSHOT_HOURLY_DAYS * DAY_MS));
  const bounds = await pool.query<{ low: number | null; high: number | null }>(
    'SELECT (SELECT min(story_id) FROM story_snapshots) AS low, (SELECT max(story_id) FROM story_snapshots) AS high',
  );
  const { low, high } = bounds.rows[0]!;
  if (low === null || high === null) return 0;
  let total = 0;
  for (let from = low; from <= high; from += STORIES_PER_BATCH) {
    const thinned = await pool.query<{ story_id: number; removed: number }>(
      `WITH removed AS (
         DELETE FROM story_snapshots s
          USING (
            SELECT story_id, sampled_at,
                   row_number() OVER (
                     PARTITION BY story_id, date_trunc(CASE WHEN sampled_at < $3 THEN 'day' ELSE 'hour' END, sampled_at AT TIME ZONE 'UTC')
                     ORDER BY sampled_at DESC) AS newest_first
              FROM story_snapshots
             WHERE story_id >= $1 AND story_id < $2 AND sampled_at < $4
          ) old
         WHERE old.newest_first > 1 AND s.story_id = old.story_id AND s.sampled_at = old.sampled_at
         RETURNING s.story_id
       )
       SELECT story_id, count(*)::int AS removed FROM removed GROUP BY story_id`,
      [from, from + STORIES_PER_BATCH, daily, keepAll],
    );
    for (const row of thinned.rows) total += row.removed;
    // The stories thinned have history digests no longer current: they are made again.
    await storeHistoryDigests(
      pool,
      thinned.rows.map((row) => row.story_id),
    );
  }
  // And those of stories that have none yet (a database from before digests).
  await makeMissingHistoryDigests(pool);
  return total;
}

export const MAINTENANCE_TASKS: Readonly<Record<MaintenanceTaskName, TaskDefinition>> = {
  thin_snapshots: { tables: ['story_snapshots', 'story_history_digests'], run: thinSnapshots },

  expired_sessions: {
    tables: ['sessions', 'verifications'],
    run: async (context) =>
      (await inBatches(context.pool, `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at < $1 ORDER BY expires_at LIMIT ${BATCH})`, [cutoff(context)])) +
      (await inBatches(context.pool, `DELETE FROM verifications WHERE id IN (SELECT id FROM verifications WHERE expires_at < $1 LIMIT ${BATCH})`, [cutoff(context)])),
  },

  // Who viewed or clicked a story or a share link is only read in the hour or on the day of it (to count a viewer
  // once); older days go whatever the retention, with the events past it.
  old_analytics: {
    tables: [
      'analytics_events',
      'story_hourly_activity',
      'analytics_hourly',
      'story_hourly_events',
      'story_daily_viewers',
      'shared_link_events',
      'shared_link_daily_views',
      'shared_link_daily_clicks',
      'api_usage',
      'api_usage_hourly',
    ],
    run: async (context) => {
      const before = cutoff(context);
      const yesterday = new Date(context.nowMs - DAY_MS).toISOString().slice(0, 10);
      // The analytics periods take an hour off their counts from its hourly row, so those rows stay until no
      // period holds their hour, and every period is brought up to date first.
      await expireWindows(context.pool, context.nowMs);
      const hourlyBefore = new Date(Math.min(before.getTime(), periodStart(Math.max(...TIMEFRAME_HOURS), context.nowMs).getTime()));
      let total = 0;
      for (const [table, key, time, bound] of [
        ['analytics_events', 'id', 'created_at', before],
        ['story_hourly_activity', 'hour, story_id', 'hour', hourlyBefore],
        ['analytics_hourly', 'hour', 'hour', before],
        ['story_hourly_events', 'story_id, hour, event_type, viewer', 'hour', new Date(`${yesterday}T00:00:00Z`)],
        ['story_daily_viewers', 'story_id, day, viewer', 'day', yesterday],
        ['shared_link_events', 'id', 'created_at', before],
        ['shared_link_daily_views', 'shared_link_id, day, viewer', 'day', yesterday],
        ['shared_link_daily_clicks', 'shared_link_id, day, viewer, click_type', 'day', yesterday],
        ['api_usage', 'id', 'created_at', before],
        ['api_usage_hourly', 'hour, method, endpoint', 'hour', before],
      ] as const) {
        total += await deleteOlderThan(context.pool, table, key, time, bound);
      }
      return total;
    },
  },

  // The row stays (who was sent what, when, with what result, opens and clicks); only the bodies go.
  old_email_bodies: {
    tables: ['email_outbox'],
    run: (context) =>
      inBatches(
        context.pool,
        `UPDATE email_outbox SET html = '', text_body = ''
          WHERE id IN (SELECT id FROM email_outbox
                        WHERE created_at < $1 AND html <> '' AND status IN ('sent', 'failed', 'skipped')
                        ORDER BY created_at LIMIT ${BATCH})`,
        [cutoff(context)],
      ),
  },

  finished_jobs: {
    tables: ['ingestion_cycles', 'pgboss.job', 'pgboss.archive'],
    run: async (context) => {
      let total = await inBatches(
        context.pool,
        `DELETE FROM ingestion_cycles WHERE id IN (SELECT id FROM ingestion_cycles WHERE started_at < $1 AND finished_at IS NOT NULL ORDER BY started_at LIMIT ${BATCH})`,
        [cutoff(context)],
      );
      if (await hasJobTables(context.pool)) {
        total += await inBatches(
          context.pool,
          `DELETE FROM pgboss.archive WHERE (name, id) IN (SELECT name, id FROM pgboss.archive WHERE archived_on < $1 LIMIT ${BATCH})`,
          [cutoff(context)],
        );
        total += await inBatches(
          context.pool,
          `DELETE FROM pgboss.job WHERE (name, id) IN (
             SELECT name, id FROM pgboss.job WHERE state IN ('completed', 'cancelled', 'failed') AND completed_on < $1 LIMIT ${BATCH})`,
          [cutoff(context)],
        );
      }
      return total;
    },
  },

  planner_statistics: {
    tables: [],
    run: async ({ pool }) => {
      // Stories are vacuumed too: the embedded database has no autovacuum, and the visibility map VACUUM sets lets a
      // list count its stories from index entries alone (docs/performance.md); the search vocabulary and its pairs
      // likewise for suggestions (docs/search.md).
      await pool.query('VACUUM (ANALYZE) stories, title_words, title_word_pairs');
      await pool.query('ANALYZE story_snapshots, keyword_hourly, story_keywords, predictions, email_outbox, analytics_events, story_hourly_activity, story_window_activity, shared_link_events, api_usage');
      return 0;
    },
  },
};
