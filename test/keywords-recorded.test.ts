import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../tools/hn-replay/index.ts';
import { importHistory } from '../tools/import-history.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Keyword trends on real events: the recorded front page of late 2021 and early 2022, counted by
 * the product's own extraction and answered by its own trend call. Wordle broke out on Hacker News in the week of
 * 2022-01-10; against the week before it must rise.
 */
const STORIES_FILE = join(process.env.HN_REPLAY_DATA ?? DEFAULT_DATA_DIR, 'stories.jsonl.gz');
const HAS_RECORDING = existsSync(STORIES_FILE);
/** Monday 2022-01-17 00:00 UTC: the 7-day period is the week of 2022-01-10. */
const NOW = Date.UTC(2022, 0, 17) / 1000;
/** The period, the previous week and four weeks of usual level. */
const HISTORY_DAYS = 6 * 7;

let t: TestApp;

beforeAll(async () => {
  if (!HAS_RECORDING) return;
  t = await createTestApp({ now: () => NOW * 1000 });
  // The import counts the stories as ingestion cycles would, through the product's own extraction.
  const imported = await importHistory(t.db.database.pool, { storiesFile: STORIES_FILE, until: NOW, days: HISTORY_DAYS, shift: 0 }, NOW * 1000);
  expect(imported).toBeGreaterThan(2000);
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

  it('counts Wordle in its stories of that week, each with the points it got', async () => {
    // Hot keywords rank by the points their stories got, so Wordle's six stories of a few dozen to 140 points come
    // after the words of that week's biggest stories (docs/keywords.md): its count is read from the windows.
    const windows = await t.db.database.pool.query<{ stories: number; points: number }>(
      `SELECT w.stories, w.points FROM keyword_windows w JOIN keywords k ON k.id = w.keyword_id WHERE w.period = 168 AND k.key = 'wordle'`,
    );
    expect(windows.rows[0]!.stories).toBeGreaterThanOrEqual(6);
    expect(windows.rows[0]!.points).toBeGreaterThan(300);
  });
});

/** A moment of the recording with its history imported into a fresh app: `days` before `until` (seconds). */
function recordedAt(until: number, days: number): () => TestApp {
  let app: TestApp;
  beforeAll(async () => {
    if (!HAS_RECORDING) return;
    app = await createTestApp({ now: () => until * 1000 });
    await importHistory(app.db.database.pool, { storiesFile: STORIES_FILE, until, days, shift: 0 }, until * 1000);
  }, 300_000);
  afterAll(async () => app?.close());
  return () => app;
}

type Trend = { keyword: string; currentFrequency: number; previousFrequency: number; isRising: boolean };

describe.skipIf(!HAS_RECORDING)('names the tagger misreads, on the recorded front page', () => {
  // 2021-12-10 23:00 UTC: log4j was in "Log4j RCE Found", "RCE 0-day exploit found in log4j, a popular Java logging
  // package" (lowercase mid-sentence) and "0-Day Vulnerability on Log4j" that day, and never before.
  describe('the day Log4Shell was published', () => {
    const app = recordedAt(Date.UTC(2021, 11, 10, 23) / 1000, 5 * 7 + 2);

    it('counts log4j in all three stories, and it rises', async () => {
      const trends: Trend[] = (await app().app.server.inject({ url: '/api/keywords/trends?period=24h' })).json().trends;
      const log4j = trends.find((trend) => trend.keyword.toLowerCase() === 'log4j');
      expect(log4j).toMatchObject({ currentFrequency: 3, previousFrequency: 0, isRising: true });
      // "0-Day" is counted in its two stories, and "day" never: read from the windows, since a keyword of two
      // stories of 103 points is not among the day's hundred hottest.
      const pool = app().db.database.pool;
      const windows = await pool.query<{ stories: number }>(
        `SELECT w.stories FROM keyword_windows w JOIN keywords k ON k.id = w.keyword_id WHERE w.period = 24 AND k.key = '0-day'`,
      );
      expect(windows.rows).toEqual([{ stories: 2 }]);
      const day = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM story_keywords sk JOIN keywords k ON k.id = sk.keyword_id JOIN stories s ON s.id = sk.story_id
          WHERE k.key = 'day' AND s.title ~* '0-day'`,
      );
      expect(day.rows[0]!.n).toBe(0);
    });
  });

  // 2021-06-08: "Fastly Outage", "Fastly CDN is down" and "Global CDN Disruption Incident Report for Fastly", where
  // the tagger reads the first word of a title lowercased, and "fastly" as an adverb.
  describe('the day of the Fastly outage', () => {
    const app = recordedAt(Date.UTC(2021, 5, 8, 12) / 1000, 2);

    it('makes Fastly the hottest keyword, and counts CDN', async () => {
      const keywords: { keyword: string; frequency: number }[] = (await app().app.server.inject({ url: '/api/keywords/trending?period=6h&limit=100' })).json().keywords;
      expect(keywords[0]).toMatchObject({ keyword: 'Fastly', frequency: 3 });
      expect(keywords).toContainEqual(expect.objectContaining({ keyword: 'CDN', frequency: 2 }));
    });
  });
});
