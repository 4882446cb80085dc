import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeywordTrend, TrendingKeyword } from '#common/contracts/keywords.ts';
import { HOT_KEYWORDS_SHOWN, TREND_RISING_SHOWN } from '#common/rules/keyword-trends.ts';
import { tokenize, type AliasMap } from '#common/rules/keywords.ts';
import { loadAliases } from '../server/modules/keywords/ingest.ts';
import { DEFAULT_DATA_DIR, startReplay, type ReplayServer } from '../tools/hn-replay/index.ts';
import { importHistory, readRecordedStories } from '../tools/import-history.ts';
import { checkBreakouts, firstRising, keywordHistory, missReason, readBreakouts, trendsAt, type KeywordHistory } from '../tools/keyword-breakouts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Real breakouts on the recorded front page (docs/keywords.md, "Breakouts on the recorded front page"): the labelled
 * table test/fixtures/keyword-breakouts.json, each event checked at its moment with the recorded history counted as the
 * demo's import counts it; the evaluation is checked against the trends call of an app that imported that history;
 * and, with the replay's live stories ingested on top as in the demo, the hot keywords are what readers of the
 * front page saw.
 */
const STORIES_FILE = join(process.env.HN_REPLAY_DATA ?? DEFAULT_DATA_DIR, 'stories.jsonl.gz');
const HAS_RECORDING = existsSync(STORIES_FILE);
/** The demo's default start (tools/demo.ts): a Monday afternoon, US time. */
const DEMO_MOMENT = Date.UTC(2021, 2, 1, 17) / 1000;
/** The 24-hour trends read the period, the one before and four weeks before it. */
const HISTORY_DAYS = 30;
const HOUR = 3600;

const events = readBreakouts();
let history: KeywordHistory;
let aliases: AliasMap;
let replay: ReplayServer;
let t: TestApp;

beforeAll(async () => {
  if (!HAS_RECORDING) return;
  replay = await startReplay({ start: DEMO_MOMENT, log: () => undefined });
  replay.clock.pause();
  replay.clock.set(DEMO_MOMENT);
  t = await createTestApp({ env: { HN_API_URL: replay.url }, now: () => replay.clock.now() * 1000 });
  aliases = await loadAliases(t.db.database.pool);
  await importHistory(t.db.database.pool, { storiesFile: STORIES_FILE, until: DEMO_MOMENT, days: HISTORY_DAYS, shift: 0 }, DEMO_MOMENT * 1000);
  // The whole recording, extracted once and shared by every moment.
  history = keywordHistory(STORIES_FILE, aliases);
}, 600_000);
afterAll(async () => {
  await t?.close();
  await replay?.close();
});

describe.skipIf(!HAS_RECORDING)('the labelled breakouts', () => {
  it('are real: at least 25 topics of several kinds, each shown by front-page titles of its period', () => {
    expect(events.length).toBeGreaterThanOrEqual(25);
    expect(new Set(events.map((event) => event.kind)).size).toBeGreaterThanOrEqual(5);
    const recorded = new Map(readRecordedStories({ storiesFile: STORIES_FILE, days: 100_000, shift: 0 }).map((story) => [story.id, story]));
    for (const event of events) {
      const moment = Date.parse(event.moment) / 1000;
      const periodSeconds = (event.period === '7d' ? 168 : 24) * HOUR;
      expect(moment % HOUR, event.keyword).toBe(0);
      expect(event.titles.length, event.keyword).toBeGreaterThanOrEqual(3);
      for (const title of event.titles) {
        const story = recorded.get(title.id);
        expect(story?.title, `${event.keyword} ${title.id}`).toBe(title.title);
        expect(story!.created_before).toBe(Date.parse(title.time) / 1000);
        expect(story!.created_before).toBeGreaterThanOrEqual(moment - periodSeconds);
        expect(story!.created_before).toBeLessThan(moment);
      }
    }
  });

  it(`at least 90 % rise among the first ${TREND_RISING_SHOWN} rising keywords of their period at their moment`, () => {
    const results = checkBreakouts(history, events, aliases);
    const misses = results.filter((result) => !result.found).map((result) => `${result.event.keyword} at ${result.event.moment}: ${missReason(result)}`);
    expect(results.length - misses.length, misses.join('\n')).toBeGreaterThanOrEqual(Math.ceil(results.length * 0.9));
  });
});

describe.skipIf(!HAS_RECORDING)('the demo moment', () => {
  it('the evaluation gives what the trends call answers with the history imported', async () => {
    const response = await t.app.server.inject({ url: '/api/keywords/trends?period=24h' });
    expect(response.statusCode).toBe(200);
    const served: KeywordTrend[] = response.json().trends;
    const evaluated = trendsAt(history, DEMO_MOMENT * 1000, '24h');
    const comparable = (trends: KeywordTrend[]) =>
      trends.map((trend) => ({ ...trend, keyword: trend.keyword.toLowerCase() })).sort((a, b) => (a.keyword < b.keyword ? -1 : 1));
    expect(served.length).toBeGreaterThan(5);
    expect(comparable(served)).toEqual(comparable(evaluated));
    expect(firstRising(served).map((trend) => trend.keyword.toLowerCase())).toEqual(firstRising(evaluated).map((trend) => trend.keyword));
  });

  it(`with the replay's live stories ingested, all ${HOT_KEYWORDS_SHOWN} hot keywords are words of the front page's titles of the two days before`, async () => {
    for (let cycle = 0; cycle < 2; cycle++) {
      const report = await t.ingestion.runCycle('test');
      expect(report?.storiesUpserted).toBeGreaterThan(0);
      replay.clock.advance(60);
    }
    // The replay's synthetic tail was ingested, marked: hundreds of stories of template titles in the period, which
    // keywords leave out (test/ingestion.test.ts, test/keyword-counts.test.ts).
    const synthetic = await t.db.database.pool.query<{ n: number; marked: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE synthetic)::int AS marked FROM stories WHERE hn_id <> ALL($1::int[]) AND time >= $2',
      [replay.dataset.storyIds(), DEMO_MOMENT - 24 * HOUR],
    );
    expect(synthetic.rows[0]!.n).toBeGreaterThan(100);
    expect(synthetic.rows[0]!.marked).toBe(synthetic.rows[0]!.n);
    const frontPageWords = new Set(
      readRecordedStories({ storiesFile: STORIES_FILE, until: DEMO_MOMENT, days: 2, shift: 0 }).flatMap((story) => tokenize(story.title).map((token) => token.key)),
    );
    const hot: TrendingKeyword[] = (await t.app.server.inject({ url: `/api/keywords/trending?period=24h&limit=${HOT_KEYWORDS_SHOWN}` })).json().keywords;
    expect(hot).toHaveLength(HOT_KEYWORDS_SHOWN);
    const seen = hot.filter((keyword) => tokenize(keyword.keyword).every((token) => frontPageWords.has(token.key)));
    expect(seen.length, hot.map((keyword) => keyword.keyword).join(', ')).toBe(HOT_KEYWORDS_SHOWN);
  }, 300_000);
});
