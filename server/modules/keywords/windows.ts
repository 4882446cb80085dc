import type pg from 'pg';
import { KEYWORD_PERIODS, KEYWORD_PERIOD_HOURS, USUAL_LEVEL_WEEKS } from '#common/rules/keyword-trends.ts';
import { LOCKS } from '../../db/locks.ts';
import { HOUR_OF_DAY_COLUMNS, USUAL_COLUMNS } from '../../db/schema/keywords.ts';
import { withTransaction } from '../../db/transaction.ts';
import { patternAnswersOf, patternRowsSql } from './patterns.ts';
import { trendCandidatesSql, TRENDING_ROWS_WRITTEN, trendingRowsSql, trendsAnswer, writtenTrendingList } from './trends.ts';

/**
 * The keyword windows (docs/keywords.md, "How the calls stay fast"): each keyword's counts in every window the
 * keyword calls read, kept in `keyword_windows` so a call walks an index instead of adding up the hourly buckets
 * of its period. They change in two ways, both costing what changed, never what is stored:
 * - an ingestion cycle adds its bucket changes to the windows that hold their hours (applyWindowDeltas);
 * - when the hour turns, each window gains the hour entering it and loses the hour leaving it (advanceKeywordWindows).
 * Windows are whole hours, counted from the start of the current hour. Each change is followed, in the same
 * transaction, by refreshKeywordAnswers, which writes what the calls read from them.
 */

export const HOUR_MS = 3_600_000;
const WEEK_HOURS = 168;
/** Window kinds, as stored in the source rows: the current period, the one before, then each previous week. */
const CURRENT = 0;
const PREVIOUS = 1;
const USUAL_KINDS = Array.from({ length: USUAL_LEVEL_WEEKS }, (_, week) => 2 + week);
export const WINDOW_PERIOD_HOURS = KEYWORD_PERIODS.map((period) => KEYWORD_PERIOD_HOURS[period]);
/**
 * The periods as an SQL array, written into the statements that read or change every period: given as a value, the
 * planner would guess its length, plan a prepared statement for each execution to learn it, and never keep a plan.
 */
export const WINDOW_PERIODS_SQL = `ARRAY[${WINDOW_PERIOD_HOURS.join(', ')}]::int2[]`;

/**
 * Writes what the keyword calls read from the windows as they stand, for the hour they are counted for
 * (docs/keywords.md, "What each call reads"): each period's trends answer and trending list (keyword_answers,
 * trends.ts) and its hourly patterns answers (keyword_pattern_answers, patterns.ts). Run in the transaction of every
 * change to the windows, after it: a call then reads one row, and the walks, the rules and the JSON are done once a
 * change instead of once a call. Its cost is one read of a few hundred window rows a period and a few dozen small
 * answers, whatever the number of keywords stored.
 */
export async function refreshKeywordAnswers(client: pg.PoolClient, hour: number): Promise<void> {
  const read = await client.query<{ period: number; candidates: unknown[][] | null; trending: unknown[][] | null; patterns: unknown[][] | null; splits: string[] | null }>({
    name: 'keyword-answers-read',
    text: `WITH asked AS (SELECT array_agg(DISTINCT split) AS splits FROM keyword_pattern_answers)
           SELECT p.period, ${trendCandidatesSql('p.period')} AS candidates, ${trendingRowsSql(TRENDING_ROWS_WRITTEN, 'p.period')} AS trending,
                  CASE WHEN asked.splits IS NOT NULL THEN ${patternRowsSql('p.period')} END AS patterns, asked.splits
             FROM unnest(${WINDOW_PERIODS_SQL}) AS p(period), asked`,
  });
  const trending = read.rows.map((row) => writtenTrendingList(row.trending));
  const patterns = read.rows.flatMap((row) => patternAnswersOf(row.patterns, periodWindows(row.period, hour)[0]!, row.splits ?? []).map((answer) => ({ period: row.period, ...answer })));
  // The answers' texts are values of their own: in an array, each quote of their JSON would be escaped, and the
  // database would read the array's literal back character by character.
  const answers = read.rows.flatMap((row, i) => [row.period, JSON.stringify(trendsAnswer(row.candidates, trending[i]!)), JSON.stringify(trending[i])]);
  await client.query({
    name: 'keyword-answers-write',
    text: `WITH answers AS (
             INSERT INTO keyword_answers (period, trends, trending)
             VALUES ${read.rows.map((_, i) => `($${3 * i + 4}::int2, $${3 * i + 5}::text, $${3 * i + 6}::text)`).join(', ')}
             ON CONFLICT (period) DO UPDATE SET trends = excluded.trends, trending = excluded.trending
           )
           INSERT INTO keyword_pattern_answers (period, split, hour, lists)
           SELECT p.period, p.split, $${3 * read.rows.length + 4}::timestamptz, p.lists FROM unnest($1::int2[], $2::text[], $3::text[]) AS p(period, split, lists)
           ON CONFLICT (period, split) DO UPDATE SET hour = excluded.hour, lists = excluded.lists`,
    values: [patterns.map((answer) => answer.period), patterns.map((answer) => answer.split), patterns.map((answer) => answer.lists), ...answers, new Date(hour * HOUR_MS)],
  });
}

/**
 * The keyword calls' answers, written afresh from the windows as they stand (refreshKeywordAnswers), for when they
 * are missing: before the first change to the windows since the tables holding them were added.
 */
export async function refreshKeywordAnswersNow(pool: pg.Pool): Promise<void> {
  await withTransaction(pool, async (client) => {
    await lockWindows(client);
    const clock = await client.query<{ hour: Date }>('SELECT hour FROM keyword_windows_clock');
    if (clock.rows[0]) await refreshKeywordAnswers(client, hourNumber(clock.rows[0].hour.getTime()));
  });
}

/** Hours since the epoch, the unit of every window bound. */
export function hourNumber(ms: number): number {
  return Math.floor(ms / HOUR_MS);
}

/** An inclusive range of hours. */
export interface HourRange {
  first: number;
  last: number;
}

/**
 * A period's windows when the current hour is `hour`, by kind: the current period (the `periodHours` hours before
 * the current one, and the current one), the period before it, of the same length, and the current window moved
 * back by one to USUAL_LEVEL_WEEKS weeks.
 */
export function periodWindows(periodHours: number, hour: number): HourRange[] {
  const current = { first: hour - periodHours, last: hour };
  const previous = { first: current.first - periodHours - 1, last: current.first - 1 };
  const usual = USUAL_KINDS.map((_, week) => ({ first: current.first - (week + 1) * WEEK_HOURS, last: hour - (week + 1) * WEEK_HOURS }));
  return [current, previous, ...usual];
}

interface SignedRange extends HourRange {
  sign: 1 | -1;
}

/** What turns `from` into `to` (two ranges of the same length): the hours to add and the hours to take away. */
export function rangeMoves(from: HourRange, to: HourRange): SignedRange[] {
  if (from.first === to.first) return [];
  if (to.first > from.last || to.last < from.first) return [{ ...to, sign: 1 }, { ...from, sign: -1 }];
  if (to.first > from.first) {
    return [
      { first: from.last + 1, last: to.last, sign: 1 },
      { first: from.first, last: to.first - 1, sign: -1 },
    ];
  }
  return [
    { first: to.first, last: from.first - 1, sign: 1 },
    { first: to.last + 1, last: from.last, sign: -1 },
  ];
}

/**
 * Adds signed bucket rows to the windows. `source` yields (period, kind, keyword_id, hour, hour_of_day, stories,
 * points), hour_of_day being the UTC hour of day of the hour; the rows of a period and keyword are summed by kind and
 * added to its window row. Rows left all zero are removed.
 */
async function addToWindows(client: pg.PoolClient, source: string, values: unknown[], name?: string): Promise<void> {
  const storiesOf = (condition: string) => `coalesce(sum(d.stories) FILTER (WHERE ${condition}), 0)::int`;
  const counted = [
    { column: 'stories', sum: storiesOf(`d.kind = ${CURRENT}`) },
    { column: 'points', sum: `coalesce(sum(d.points) FILTER (WHERE d.kind = ${CURRENT}), 0)::int` },
    { column: 'previous', sum: storiesOf(`d.kind = ${PREVIOUS}`) },
    ...USUAL_COLUMNS.map((column, week) => ({ column, sum: storiesOf(`d.kind = ${USUAL_KINDS[week]}`) })),
    ...HOUR_OF_DAY_COLUMNS.map((column, hour) => ({ column, sum: storiesOf(`d.kind = ${CURRENT} AND d.hour_of_day = ${hour}`) })),
  ];
  const emptied = await client.query<{ period: number; keyword_id: number }>({
    name,
    text: `WITH changed AS (
       INSERT INTO keyword_windows AS w (period, keyword_id, key, display, phrase, last_hour, ${counted.map((c) => c.column).join(', ')})
       SELECT d.period, d.keyword_id, k.key, k.display, position(' ' IN k.key) > 0, max(d.hour) FILTER (WHERE d.kind = ${CURRENT} AND d.stories > 0),
              ${counted.map((c) => c.sum).join(', ')}
         FROM (${source}) d
         JOIN keywords k ON k.id = d.keyword_id
        GROUP BY d.period, d.keyword_id, k.key, k.display
       ON CONFLICT (period, keyword_id) DO UPDATE
          SET display = excluded.display, last_hour = greatest(w.last_hour, excluded.last_hour), ${counted.map((c) => `${c.column} = w.${c.column} + excluded.${c.column}`).join(', ')}
       RETURNING period, keyword_id, stories, previous, ${USUAL_COLUMNS.join(', ')})
     SELECT period, keyword_id FROM changed WHERE stories <= 0 AND previous <= 0 AND ${USUAL_COLUMNS.map((column) => `${column} <= 0`).join(' AND ')}`,
    values,
  });
  if (emptied.rows.length === 0) return;
  await client.query(
    `DELETE FROM keyword_windows w USING unnest($1::int2[], $2::int[]) AS e(period, keyword_id)
      WHERE w.period = e.period AND w.keyword_id = e.keyword_id`,
    [emptied.rows.map((row) => row.period), emptied.rows.map((row) => row.keyword_id)],
  );
}

/** Adds the buckets of these signed ranges, per period and kind, to the windows. */
async function addBucketRanges(client: pg.PoolClient, ranges: (SignedRange & { period: number; kind: number })[]): Promise<void> {
  const nonEmpty = ranges.filter((range) => range.first <= range.last);
  if (nonEmpty.length === 0) return;
  const at = (hour: number) => new Date(hour * HOUR_MS).toISOString();
  await addToWindows(
    client,
    `SELECT r.period, r.kind, h.keyword_id, h.hour, extract(hour FROM h.hour AT TIME ZONE 'UTC')::int AS hour_of_day,
            r.sign * h.stories AS stories, r.sign * h.points AS points
       FROM unnest($1::int2[], $2::int2[], $3::timestamptz[], $4::timestamptz[], $5::int2[]) AS r(period, kind, first, last, sign)
       JOIN keyword_hourly h ON h.hour >= r.first AND h.hour <= r.last`,
    [nonEmpty.map((r) => r.period), nonEmpty.map((r) => r.kind), nonEmpty.map((r) => at(r.first)), nonEmpty.map((r) => at(r.last)), nonEmpty.map((r) => r.sign)],
  );
}

/** Serialises the window changes of every instance and request; held until the caller's transaction ends. */
async function lockWindows(client: pg.PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.keywordWindows]);
}

/** Where advanceKeywordWindows left the windows. */
export interface WindowsClock {
  /** The hour the windows are now counted for. */
  hour: number;
  /** Whether they moved (then vacuumKeywordWindows is due once the transaction has committed). */
  moved: boolean;
}

/**
 * Moves the windows to the hour of `nowMs`, inside the caller's transaction: each window adds the buckets that
 * entered it and takes away those that left it since the hour it was counted for. The first time (no hour
 * recorded) every window is counted from the buckets.
 */
export async function advanceKeywordWindows(client: pg.PoolClient, nowMs: number): Promise<WindowsClock> {
  await lockWindows(client);
  const hour = hourNumber(nowMs);
  const clock = await client.query<{ hour: Date }>('SELECT hour FROM keyword_windows_clock');
  const counted = clock.rows[0] ? hourNumber(clock.rows[0].hour.getTime()) : null;
  if (counted === hour) return { hour, moved: false };
  const ranges = WINDOW_PERIOD_HOURS.flatMap((period) => {
    const to = periodWindows(period, hour);
    if (counted === null) return to.map((range, kind) => ({ ...range, sign: 1 as const, period, kind }));
    const from = periodWindows(period, counted);
    return to.flatMap((range, kind) => rangeMoves(from[kind]!, range).map((move) => ({ ...move, period, kind })));
  });
  if (counted === null) {
    // Counting every window from the buckets reads weeks of them once; it is not a request's work.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('DELETE FROM keyword_windows');
  }
  await addBucketRanges(client, ranges);
  // The reads that follow walk an index in order only if the planner knows the table's size and spread: without
  // statistics (a new installation, where nothing else analyzes it on the embedded database) it guesses a few rows,
  // and reads and sorts each period's every row instead.
  if (counted === null) await client.query('ANALYZE keyword_windows');
  await client.query(
    `INSERT INTO keyword_windows_clock (id, hour) VALUES (true, $1) ON CONFLICT (id) DO UPDATE SET hour = excluded.hour`,
    [new Date(hour * HOUR_MS)],
  );
  return { hour, moved: true };
}

/**
 * Clears the rows an hour's move left dead, and the answers' versions the cycles of the hour replaced, and updates
 * the planner's statistics of the windows as they grow. A move rewrites thousands of rows, and the embedded
 * database has no autovacuum: without this the tables and their indexes would grow by that much every hour, and the
 * statistics would stay those of the first count. Run after the move's transaction has committed (VACUUM cannot run
 * inside one); on PostgreSQL it only runs ahead of autovacuum.
 */
export async function vacuumKeywordWindows(pool: pg.Pool | pg.PoolClient): Promise<void> {
  await pool.query('VACUUM (ANALYZE) keyword_windows, keyword_answers, keyword_pattern_answers');
}

/** advanceKeywordWindows and the answers after it, in a transaction of its own, for callers outside ingestion's. */
export async function moveKeywordWindows(pool: pg.Pool, nowMs: number): Promise<WindowsClock> {
  return withTransaction(pool, async (client) => {
    const clock = await advanceKeywordWindows(client, nowMs);
    if (clock.moved) await refreshKeywordAnswers(client, clock.hour);
    return clock;
  });
}

/** A change to one hourly bucket. */
export interface BucketDelta {
  keywordId: number;
  /** Start of the bucket's hour, in milliseconds. */
  hour: number;
  stories: number;
  points: number;
}

/**
 * Adds this cycle's bucket changes to the windows holding their hours, inside the caller's transaction and after
 * advanceKeywordWindows to the same hour.
 */
export async function applyWindowDeltas(client: pg.PoolClient, deltas: readonly BucketDelta[], hour: number): Promise<void> {
  const rows = WINDOW_PERIOD_HOURS.flatMap((period) => {
    const windows = periodWindows(period, hour);
    return deltas.flatMap((delta) => {
      const deltaHour = hourNumber(delta.hour);
      return windows.flatMap((range, kind) => (deltaHour >= range.first && deltaHour <= range.last ? [{ ...delta, period, kind }] : []));
    });
  });
  if (rows.length === 0) return;
  await addToWindows(
    client,
    // Hours as numbers since the epoch: the database reads a number more cheaply than a timestamp's text.
    `SELECT d.period, d.kind, d.keyword_id, to_timestamp(d.hour * 3600) AS hour, d.hour % 24 AS hour_of_day, d.stories, d.points
       FROM unnest($1::int2[], $2::int2[], $3::int[], $4::int[], $5::int[], $6::int[]) AS d(period, kind, keyword_id, hour, stories, points)`,
    [
      rows.map((row) => row.period),
      rows.map((row) => row.kind),
      rows.map((row) => row.keywordId),
      rows.map((row) => hourNumber(row.hour)),
      rows.map((row) => row.stories),
      rows.map((row) => row.points),
    ],
    'keyword-windows-deltas',
  );
}
