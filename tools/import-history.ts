/**
 * Imports recorded Hacker News history into an installation (docs/keywords.md): the recorded
 * front-page stories submitted in the days before a moment, optionally shifted in time, stored as stories and
 * counted into the keyword buckets by the product's own extraction, so keyword trends, insights and hourly patterns
 * have history from the first screen. Stories already stored are left as they are.
 *
 *   npm run import-history -- [--days 7] [--until 2021-03-01T17:00:00Z] [--shift-to <ISO time, or "now">]
 *
 * `--until` is a moment of the recording (default: its end); `--shift-to` moves it (and everything before it) to that
 * time, as the demo's replay is shifted to now. The prediction ledger is backfilled from the same days (the model run
 * on the data as it stood at each moment, marked as backfilled). Reads HN_REPLAY_DATA (default ../shared/data/hn-frontpage) and
 * the database of DATABASE_URL or DATA_DIR, as the server does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { indexStoryKeywords } from '../server/modules/keywords/ingest.ts';
import { backfillLedger } from '../server/modules/predictions/backfill.ts';
import { readRecording } from './predictions/recording.ts';
import { DEFAULT_DATA_DIR } from './hn-replay/index.ts';

const DAY = 86_400;
/** Stories counted per transaction, as an ingestion cycle would. */
const BATCH = 500;

interface RecordedStory {
  id: number;
  title: string;
  url: string;
  by: string;
  max_upvotes: number;
  max_comments: number;
  created_before: number;
}

export interface HistoryOptions {
  /** The recording's stories.jsonl.gz. */
  storiesFile: string;
  /** The end of the history, in the recording's time (unix seconds); default the last story's time. */
  until?: number;
  days: number;
  /** Seconds added to every time (the recording's `until` becomes `until + shift`). */
  shift: number;
}

/** The recorded stories submitted in the `days` before `until`; created_before is the recording's best submission time. */
export function readRecordedStories(options: HistoryOptions): RecordedStory[] {
  const all = gunzipSync(readFileSync(options.storiesFile))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedStory);
  const until = options.until ?? Math.max(...all.map((story) => story.created_before)) + 1;
  return all.filter((story) => story.created_before >= until - options.days * DAY && story.created_before < until);
}

/** Stores the stories (shifted) that are not stored yet and counts their keywords; returns how many were new. */
export async function importHistory(pool: pg.Pool, options: HistoryOptions, nowMs = Date.now()): Promise<number> {
  const stories = readRecordedStories(options);
  const inserted = await pool.query<{ id: number }>(
    `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants)
     SELECT r.hn_id, r.title, r.url, CASE WHEN r.url ~ '^https?://' THEN substring(r.url FROM '^https?://(?:www\\.)?([^/:?#]+)') ELSE '' END,
            r.by, r.time, r.score, r.descendants
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::int[], $7::int[])
            AS r(hn_id, title, url, by, time, score, descendants)
     ON CONFLICT (hn_id) DO NOTHING RETURNING id`,
    [
      stories.map((story) => story.id),
      stories.map((story) => story.title),
      stories.map((story) => (story.url.startsWith('item?id=') ? '' : story.url)),
      stories.map((story) => story.by),
      stories.map((story) => story.created_before + options.shift),
      stories.map((story) => story.max_upvotes),
      stories.map((story) => story.max_comments),
    ],
  );
  const ids = inserted.rows.map((row) => row.id);
  for (let i = 0; i < ids.length; i += BATCH) await indexStoryKeywords(pool, ids.slice(i, i + BATCH), nowMs);
  return ids.length;
}

/**
 * The prediction ledger's past (docs/predictions.md): the model run over the recording as it stood at each moment of
 * the same days, for the imported stories, marked as backfilled and verified from what followed. Returns how many
 * predictions were recorded.
 */
export async function importPredictionHistory(pool: pg.Pool, dataDir: string, options: Omit<HistoryOptions, 'storiesFile'>): Promise<number> {
  const { stories, rows } = await readRecording(dataDir);
  const until = options.until ?? (rows.length > 0 ? rows.time[rows.length - 1]! + 1 : 0);
  return backfillLedger(pool, stories, rows, { from: until - options.days * DAY, until, shift: options.shift });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { days: { type: 'string', default: '7' }, until: { type: 'string' }, 'shift-to': { type: 'string' } } });
  const dataDir = process.env.HN_REPLAY_DATA ?? DEFAULT_DATA_DIR;
  const storiesFile = join(dataDir, 'stories.jsonl.gz');
  if (!existsSync(storiesFile)) throw new Error(`no recording at ${storiesFile} (set HN_REPLAY_DATA)`);
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 365) throw new Error('--days must be a whole number of days, 1 to 365');
  const until = values.until === undefined ? undefined : Date.parse(values.until) / 1000;
  if (until !== undefined && Number.isNaN(until)) throw new Error('--until must be an ISO time');
  const shiftTo = values['shift-to'] === undefined ? undefined : values['shift-to'] === 'now' ? Date.now() / 1000 : Date.parse(values['shift-to']) / 1000;
  if (shiftTo !== undefined && (Number.isNaN(shiftTo) || until === undefined)) throw new Error('--shift-to needs --until and an ISO time or "now"');
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await runMigrations(database.pool);
    const shift = shiftTo === undefined ? 0 : Math.floor(shiftTo - until!);
    const count = await importHistory(database.pool, { storiesFile, until, days, shift });
    const predictions = await importPredictionHistory(database.pool, dataDir, { until, days, shift });
    console.log(`[import-history] ${predictions} predictions backfilled into the ledger from the same days`);
    console.log(`[import-history] ${count} recorded stories of the ${days} days before ${until === undefined ? 'the end of the recording' : new Date((until + shift) * 1000).toISOString()} imported and counted`);
  } finally {
    await database.close();
  }
}
