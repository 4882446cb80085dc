import type pg from 'pg';
import { HISTORY_MAX_SNAPSHOTS, historyDigest, type HistoryPoint } from '#common/rules/story-history.ts';

/**
 * Story history digests (common/rules/story-history.ts's HistoryDigest): all a story page draws from the story's
 * snapshots, kept in story_history_digests as the snapshots are written, so a page reads one row instead of every
 * snapshot and does none of the work of its facts (for a story with a snapshot a minute for two days, 2,880 rows
 * the database wrote out as text and the server read back and went through, each time the page was asked for).
 *
 * A digest stands for the snapshots it was made from: their count and the newest one's time (and for the rules
 * that made it: HISTORY_DIGEST_VERSION). A page uses it only
 * while both still hold (one count over the story's index entries), and otherwise reads the snapshots as before,
 * so a digest not yet made or made before a change (an insert, a correction, thinning) can never show: it costs
 * that page the longer read. Digests are made for the stories each ingestion cycle stored (the stories module's
 * listener), for the stories the thinning task thinned, and by that task for stories that have none yet.
 */

/**
 * Times as epoch milliseconds, whole: as the driver's Date of a timestamp, which drops its microseconds too. In
 * floating point (date_part) rather than numeric (extract), which cost as much as the rest of a long history's
 * statement: the microseconds are rounded back to whole first, which makes the result exact.
 */
export const epochMs = (column: string) => `floor(round(date_part('epoch', ${column}) * 1e6) / 1000)::int8`;

/**
 * The newest HISTORY_MAX_SNAPSHOTS snapshots of the story `s` (read backwards along the primary key, which carries
 * these columns: an index-only scan, migration 0034) as one JSON array written as text, four numbers a snapshot
 * (concat_ws leaves out nulls, hence the rank's 'null'): for 2,880 snapshots this cost the database 30 % less than
 * four json_agg columns of numeric times, and the driver hands the text over as it is. Times are milliseconds after
 * the story's posting: up to 9 digits for a story's first weeks rather than 13, which JSON.parse reads as small
 * integers.
 */
export const SNAPSHOTS_TEXT_SQL = `(SELECT '[' || string_agg(concat_ws(',', n.at, n.score, n.descendants, coalesce(n.top_rank::text, 'null')), ',') || ']'
    FROM (SELECT ${epochMs('sampled_at')} - s.time * 1000::int8 AS at, score, descendants, top_rank FROM story_snapshots
           WHERE story_id = s.id ORDER BY sampled_at DESC LIMIT ${HISTORY_MAX_SNAPSHOTS}) n)`;

/** What a digest stands for, for the story `s`: how many snapshots it has and the newest one's time (`v.count`, `v.newest`). */
export const SNAPSHOTS_NOW_SQL = `LATERAL (SELECT count(*)::int AS count, max(sampled_at) AS newest FROM story_snapshots WHERE story_id = s.id) v`;

/**
 * The digests' version: raised with any change to what a digest holds or to the rules that make it (the facts, the
 * heat badge, the chart's thinning), so that digests made before are no longer current.
 */
export const HISTORY_DIGEST_VERSION = 1;

/** Whether the digest `d` stands for the snapshots the story has now, made by these rules. */
export const DIGEST_IS_CURRENT_SQL = `d.snapshot_count = v.count AND d.newest_at = v.newest AND d.version = ${HISTORY_DIGEST_VERSION}`;

/** The snapshots of SNAPSHOTS_TEXT_SQL's text, oldest first. */
export function pointsOfText(text: string | null, postedSeconds: number): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  const values = text === null ? [] : (JSON.parse(text) as (number | null)[]);
  const postedMs = postedSeconds * 1000;
  for (let i = values.length - 4; i >= 0; i -= 4) points.push({ timeMs: postedMs + values[i]!, score: values[i + 1]!, comments: values[i + 2]!, rank: values[i + 3]! });
  return points;
}

/** Stories digested a statement: their snapshots are read together (about 12 MB of text for 200 of two days of a snapshot a minute). */
const STORIES_PER_STATEMENT = 200;

/**
 * Makes the digests of those of `storyIds` whose digest is missing or no longer current; returns how many it made.
 * The count and the newest time stored are those read with the snapshots, in the database's own words (text, to
 * the microsecond), so a snapshot written meanwhile leaves the digest not current rather than wrongly current.
 */
export async function storeHistoryDigests(pool: pg.Pool, storyIds: readonly number[]): Promise<number> {
  let made = 0;
  for (let from = 0; from < storyIds.length; from += STORIES_PER_STATEMENT) {
    const stale = await pool.query<{ id: number; time: number; count: number; newest: string; snapshots: string | null }>(
      `SELECT s.id, s.time, v.count, v.newest::text AS newest, ${SNAPSHOTS_TEXT_SQL} AS snapshots
         FROM stories s
         CROSS JOIN ${SNAPSHOTS_NOW_SQL}
         LEFT JOIN story_history_digests d ON d.story_id = s.id
        WHERE s.id = ANY($1::int[]) AND v.count > 0 AND (d.story_id IS NULL OR NOT (${DIGEST_IS_CURRENT_SQL}))`,
      [storyIds.slice(from, from + STORIES_PER_STATEMENT)],
    );
    if (stale.rows.length === 0) continue;
    const digests = stale.rows.map((row) => JSON.stringify(historyDigest(pointsOfText(row.snapshots, row.time), row.time)));
    await pool.query(
      `INSERT INTO story_history_digests (story_id, snapshot_count, newest_at, version, digest)
       SELECT id, count, newest, ${HISTORY_DIGEST_VERSION}, digest FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::text[]) AS g(id, count, newest, digest)
       ON CONFLICT (story_id) DO UPDATE
         SET snapshot_count = excluded.snapshot_count, newest_at = excluded.newest_at, version = excluded.version, digest = excluded.digest`,
      [stale.rows.map((row) => row.id), stale.rows.map((row) => row.count), stale.rows.map((row) => row.newest), digests],
    );
    made += stale.rows.length;
  }
  return made;
}

/** Story ids looked at a step by makeMissingHistoryDigests. */
const IDS_PER_STEP = 2000;

/**
 * Makes the digests of the stories with snapshots and no digest at all (a database from before digests), in steps
 * of ids; returns how many it made. Finding them is an index lookup a story; digests that exist are kept current
 * by those who change the snapshots (ingestion, thinning).
 */
export async function makeMissingHistoryDigests(pool: pg.Pool): Promise<number> {
  const bounds = await pool.query<{ low: number | null; high: number | null }>('SELECT min(id) AS low, max(id) AS high FROM stories');
  const { low, high } = bounds.rows[0]!;
  if (low === null || high === null) return 0;
  let made = 0;
  for (let from = low; from <= high; from += IDS_PER_STEP) {
    const missing = await pool.query<{ id: number }>(
      `SELECT s.id FROM stories s
        WHERE s.id >= $1 AND s.id < $2
          AND NOT EXISTS (SELECT 1 FROM story_history_digests d WHERE d.story_id = s.id)
          AND EXISTS (SELECT 1 FROM story_snapshots n WHERE n.story_id = s.id)`,
      [from, from + IDS_PER_STEP],
    );
    made += await storeHistoryDigests(
      pool,
      missing.rows.map((row) => row.id),
    );
  }
  return made;
}
