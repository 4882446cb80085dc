import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexStoryKeywords } from '../server/modules/keywords/ingest.ts';
import { DEFAULT_DATA_DIR } from '../tools/hn-replay/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Keyword trends on real events (issue 13 item 6): the recorded front page of late 2021 and early 2022, counted by
 * the product's own extraction and answered by its own trend call. Wordle broke out on Hacker News in the week of
 * 2022-01-10; against the week before it must rise.
 */
const STORIES_FILE = join(process.env.HN_REPLAY_DATA ?? DEFAULT_DATA_DIR, 'stories.jsonl.gz');
const HAS_RECORDING = existsSync(STORIES_FILE);
const DAY = 86_400;
/** Monday 2022-01-17 00:00 UTC: the 7-day period is the week of 2022-01-10. */
const NOW = Date.UTC(2022, 0, 17) / 1000;
/** Five weeks before the period: the previous week and four weeks of usual level. */
const FROM = NOW - 5 * 7 * DAY - DAY;

interface RecordedStory {
  id: number;
  title: string;
  url: string;
  by: string;
  max_upvotes: number;
  created_before: number;
}

let t: TestApp;

beforeAll(async () => {
  if (!HAS_RECORDING) return;
  const recorded = gunzipSync(readFileSync(STORIES_FILE))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedStory)
    // created_before is the recording's bound on the submission time (docs of the data), the best it knows.
    .filter((story) => story.created_before >= FROM && story.created_before < NOW);
  t = await createTestApp({ now: () => NOW * 1000 });
  const pool = t.db.database.pool;
  const inserted = await pool.query<{ id: number }>(
    `INSERT INTO stories (hn_id, title, url, by, time, score)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::int[]) RETURNING id`,
    [
      recorded.map((story) => story.id),
      recorded.map((story) => story.title),
      recorded.map((story) => story.url),
      recorded.map((story) => story.by),
      recorded.map((story) => story.created_before),
      recorded.map((story) => story.max_upvotes),
    ],
  );
  const ids = inserted.rows.map((row) => row.id);
  // In batches, as ingestion cycles would count them.
  for (let i = 0; i < ids.length; i += 500) await indexStoryKeywords(pool, ids.slice(i, i + 500), NOW * 1000);
}, 300_000);
afterAll(async () => t?.close());

describe.skipIf(!HAS_RECORDING)('keyword trends on the recorded front page', () => {
  it('Wordle rises in the week of 2022-01-10 against the week before', async () => {
    const response = await t.app.server.inject({ url: '/api/keywords/trends?period=7d' });
    expect(response.statusCode).toBe(200);
    const trends: { keyword: string; currentFrequency: number; previousFrequency: number; percentageChange: number; isRising: boolean }[] =
      response.json().trends;
    const wordle = trends.find((trend) => trend.keyword === 'Wordle');
    expect(wordle).toBeDefined();
    expect(wordle!.currentFrequency).toBeGreaterThan(wordle!.previousFrequency);
    expect(wordle!.isRising).toBe(true);
    const rising = trends.filter((trend) => trend.isRising);
    // Rising is selective: most keywords with a trend that week do not rise.
    expect(rising.length).toBeLessThan(trends.length / 4);
  });

  it('Wordle is among the hot keywords of that week', async () => {
    const keywords: { keyword: string; frequency: number }[] = (await t.app.server.inject({ url: '/api/keywords/trending?period=7d&limit=30' })).json().keywords;
    expect(keywords.map((keyword) => keyword.keyword)).toContain('Wordle');
  });
});
