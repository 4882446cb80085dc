import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrendsResponse } from '#common/contracts/keywords.ts';
import { DAY_PERIODS, dayPeriodOfHour, KEYWORD_PERIOD_HOURS, KEYWORD_PERIODS, MIN_TREND_SUPPORT, PER_DAY_PERIOD_SHOWN, usualLevelOf, type DayPeriod, type KeywordPeriod, type UsualLevel } from '#common/rules/keyword-trends.ts';
import { HOUR_OF_DAY_COLUMNS, USUAL_COLUMNS } from '../server/db/schema/keywords.ts';
import { indexStoryKeywords } from '../server/modules/keywords/ingest.ts';
import { KeywordsService } from '../server/modules/keywords/service.ts';
import { MAX_TREND_CANDIDATES, TRENDING_ROWS_WRITTEN, trendingRowsSql, trendsAnswer, writtenTrendingList } from '../server/modules/keywords/trends.ts';
import { HOUR_MS, hourNumber, periodWindows, refreshKeywordAnswersNow, WINDOW_PERIOD_HOURS } from '../server/modules/keywords/windows.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { seedStories } from './support/seed.ts';

/**
 * The keyword windows (docs/keywords.md) kept up to date piece by piece equal the windows counted afresh from the
 * hourly buckets, after every kind of change: new stories, new scores, new titles, dead stories, and the clock
 * moving by an hour, by days, by weeks and backwards; and so do the trend candidates and trends answers kept from them.
 */
let db: TestDatabase;
const pool = () => db.database.pool;
const HOUR = 3600;
const START = Date.UTC(2026, 0, 15, 12, 30);
const TITLES = ['Rust compiler internals', 'Go 1.22 released', 'Apple and the Rust compiler', 'Python tips', 'Zig', 'Show HN: Zig in Go', 'LLMs at Apple', 'Moving off Github today', 'Why GitHub matters', 'Why GitHub matters to us'];

/** A small deterministic generator (mulberry32), so the test is the same every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface WindowRow {
  period: number;
  keyword_id: number;
  stories: number;
  points: number;
  previous: number;
  usual: number[];
  /** As the trends read it: the sums the database keeps of the weeks' counts. */
  usualLevel: UsualLevel;
  hours: number[];
}

/** Every window counted from the buckets, as the calls would count them at that hour, without the kept rows. */
async function countedAfresh(hour: number): Promise<WindowRow[]> {
  const buckets = await pool().query<{ keyword_id: number; hour: Date; stories: number; points: number }>('SELECT keyword_id, hour, stories, points FROM keyword_hourly');
  const rows = new Map<string, WindowRow>();
  for (const period of WINDOW_PERIOD_HOURS) {
    const [current, previous, ...usual] = periodWindows(period, hour);
    const within = (range: { first: number; last: number }, at: number) => at >= range.first && at <= range.last;
    for (const bucket of buckets.rows) {
      const at = hourNumber(bucket.hour.getTime());
      const key = `${period}:${bucket.keyword_id}`;
      const row = rows.get(key) ?? { period, keyword_id: bucket.keyword_id, stories: 0, points: 0, previous: 0, usual: usual.map(() => 0), usualLevel: usualLevelOf([]), hours: Array<number>(24).fill(0) };
      if (within(current!, at)) {
        row.stories += bucket.stories;
        row.points += bucket.points;
        row.hours[at % 24]! += bucket.stories;
      }
      if (within(previous!, at)) row.previous += bucket.stories;
      usual.forEach((range, week) => {
        if (within(range, at)) row.usual[week]! += bucket.stories;
      });
      rows.set(key, row);
    }
  }
  return [...rows.values()]
    .filter((row) => row.stories > 0 || row.points !== 0 || row.previous > 0 || row.usual.some((n) => n > 0))
    .map((row) => ({ ...row, usualLevel: usualLevelOf(row.usual) }))
    .sort(byKey);
}

const byKey = (a: WindowRow, b: WindowRow) => a.period - b.period || a.keyword_id - b.keyword_id;

async function kept(): Promise<WindowRow[]> {
  const result = await pool().query<WindowRow & { usual_sum: number; usual_sum_of_squares: number }>(
    `SELECT period, keyword_id, stories, points, previous, ARRAY[${USUAL_COLUMNS.join(', ')}] AS usual, usual_sum, usual_sum_of_squares::float8 AS usual_sum_of_squares,
            ARRAY[${HOUR_OF_DAY_COLUMNS.join(', ')}] AS hours FROM keyword_windows`,
  );
  return result.rows
    .map(({ usual_sum, usual_sum_of_squares, ...row }) => ({ ...row, usualLevel: { weeks: USUAL_COLUMNS.length, sum: usual_sum, sumOfSquares: usual_sum_of_squares } }))
    .sort(byKey);
}

/** Each period's trend candidates (column by column, as the trends rules take them) chosen from these windows. */
function trendCandidatesOf(rows: WindowRow[], display: Map<number, string>): Record<number, unknown[][]> {
  return Object.fromEntries(
    WINDOW_PERIOD_HOURS.map((period) => {
      const chosen = rows
        .filter((row) => row.period === period && row.stories + row.previous >= MIN_TREND_SUPPORT)
        .sort((a, b) => b.stories + b.previous - (a.stories + a.previous) || b.keyword_id - a.keyword_id)
        .slice(0, MAX_TREND_CANDIDATES);
      return [period, [chosen.map((row) => display.get(row.keyword_id)), chosen.map((row) => row.stories), chosen.map((row) => row.previous), chosen.map((row) => row.usualLevel.sum), chosen.map((row) => row.usualLevel.sumOfSquares)]];
    }),
  );
}

/** Each period's trends answer and trending list as written after the last change. */
async function keptAnswers(): Promise<Record<number, unknown>> {
  const result = await pool().query<{ period: number; trends: string; trending: string }>('SELECT period, trends, trending FROM keyword_answers');
  return Object.fromEntries(result.rows.map((row) => [row.period, { trends: JSON.parse(row.trends), trending: JSON.parse(row.trending) }]));
}

/**
 * Each period's trends answer and trending list by the rules: the trend candidates chosen from the windows counted
 * afresh, and the trending rows of the windows (equal to those counted afresh, as the test checks first).
 */
async function answersByRules(afresh: WindowRow[]): Promise<Record<number, { trends: TrendsResponse; trending: unknown[] }>> {
  const display = await pool().query<{ id: number; display: string }>('SELECT id, display FROM keywords');
  const candidates = trendCandidatesOf(afresh, new Map(display.rows.map((row) => [row.id, row.display])));
  const result = await pool().query<{ period: number; rows: unknown[][] | null }>(
    `SELECT p.period, ${trendingRowsSql(TRENDING_ROWS_WRITTEN, 'p.period')} AS rows FROM unnest($1::int2[]) AS p(period)`,
    [WINDOW_PERIOD_HOURS],
  );
  return Object.fromEntries(
    result.rows.map((row) => {
      const trending = writtenTrendingList(row.rows);
      return [row.period, { trends: trendsAnswer(candidates[row.period], trending), trending }];
    }),
  );
}

/** The UTC split of the day (each UTC hour of day's day period, as patterns.ts names it). */
const UTC_SPLIT = Array.from({ length: 24 }, (_, hour) => DAY_PERIODS.indexOf(dayPeriodOfHour(hour))).join('');

/** The period's answer for UTC: none (never asked for), or null (not settled by the keywords read to write it), or written. */
async function writtenForUtc(period: KeywordPeriod): Promise<'none' | 'null' | 'written'> {
  const result = await pool().query<{ written: boolean }>('SELECT lists IS NOT NULL AS written FROM keyword_pattern_answers WHERE period = $1 AND split = $2', [KEYWORD_PERIOD_HOURS[period], UTC_SPLIT]);
  return result.rows[0] ? (result.rows[0].written ? 'written' : 'null') : 'none';
}

/** The hourly patterns counted from every bucket of the period's window in the zone, without the kept windows. */
async function patternsCountedAfresh(now: number, period: KeywordPeriod, zone: string, display: Map<number, string>): Promise<Record<DayPeriod, { keyword: string; count: number }[]>> {
  const [window] = periodWindows(KEYWORD_PERIOD_HOURS[period], hourNumber(now));
  const local = await pool().query<{ keyword_id: number; part: DayPeriod; count: number; stories: number; points: number }>(
    `WITH windowed AS (SELECT * FROM keyword_hourly WHERE hour >= $1 AND hour <= $2),
          totals AS (SELECT keyword_id, sum(stories)::int AS stories, sum(points)::int AS points FROM windowed GROUP BY keyword_id)
     SELECT w.keyword_id, CASE WHEN l.hour < 6 THEN 'night' WHEN l.hour < 12 THEN 'morning' WHEN l.hour < 18 THEN 'afternoon' ELSE 'evening' END AS part,
            sum(w.stories)::int AS count, t.stories, t.points
       FROM windowed w JOIN totals t USING (keyword_id), LATERAL (SELECT extract(hour FROM w.hour AT TIME ZONE $3)::int AS hour) l
      GROUP BY 1, 2, t.stories, t.points`,
    [new Date(window!.first * HOUR_MS), new Date(window!.last * HOUR_MS), zone],
  );
  const counted = { morning: [], afternoon: [], evening: [], night: [] } as Record<DayPeriod, { keyword: string; count: number }[]>;
  for (const part of DAY_PERIODS) {
    counted[part] = local.rows
      .filter((row) => row.part === part && row.count >= (display.get(row.keyword_id)!.includes(' ') ? 2 : 1))
      .sort((a, b) => b.count - a.count || b.stories - a.stories || b.points - a.points || b.keyword_id - a.keyword_id)
      .slice(0, PER_DAY_PERIOD_SHOWN)
      .map((row) => ({ keyword: display.get(row.keyword_id)!, count: row.count }));
  }
  return counted;
}

beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(async () => db?.close());

describe('keyword windows', () => {
  it('equal the windows counted afresh after every change', async () => {
    const next = random(20260115);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    let now = START;
    const service = new KeywordsService(pool(), () => now);
    let hnId = 1;
    const ids: number[] = [];
    const moves = [HOUR_MS, 3 * HOUR_MS, 26 * HOUR_MS, 170 * HOUR_MS, -5 * HOUR_MS, 20 * 60_000, -400 * HOUR_MS, 500 * HOUR_MS];
    const held: number[] = [];
    let answeredFromWritten = 0;
    let trendsSeen = 0;

    for (let step = 0; step < 30; step++) {
      const action = step < 3 ? 'add' : pick(['add', 'add', 'rescore', 'retitle', 'kill', 'clock', 'clock'] as const);
      let touched: number[] = [];
      if (action === 'add') {
        // Stories up to six weeks old, so the previous weeks' windows hold some.
        const batch = Array.from({ length: 6 + Math.floor(next() * 10) }, () => ({
          hnId: hnId++,
          title: pick(TITLES),
          time: Math.floor(now / 1000 - next() * next() * 42 * 24 * HOUR),
          score: 1 + Math.floor(next() * 300),
        }));
        await seedStories(pool(), batch);
        const result = await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = ANY($1::int[])', [batch.map((story) => story.hnId)]);
        touched = result.rows.map((row) => row.id);
        ids.push(...touched);
      } else if (action === 'rescore' || action === 'retitle' || action === 'kill') {
        touched = Array.from({ length: 3 }, () => pick(ids));
        const change = { rescore: 'score = score + 17', retitle: `title = '${pick(TITLES)}'`, kill: 'dead = true' }[action];
        await pool().query(`UPDATE stories SET ${change} WHERE id = ANY($1::int[])`, [touched]);
      } else {
        now += pick(moves);
      }
      if (touched.length > 0) await indexStoryKeywords(pool(), touched, now);
      // A call finds the windows behind the clock (when no cycle ran this hour) and moves them.
      await service.trending(pick(KEYWORD_PERIODS));
      const rows = await kept();
      const afresh = await countedAfresh(hourNumber(now));
      expect(rows, `step ${step}: ${action}`).toEqual(afresh);
      const display = await pool().query<{ id: number; display: string }>('SELECT id, display FROM keywords');
      const byRules = await answersByRules(afresh);
      expect(Object.keys(byRules), `step ${step}: ${action}, every period`).toHaveLength(WINDOW_PERIOD_HOURS.length);
      expect(await keptAnswers(), `step ${step}: ${action}, trends answers and trending lists`).toEqual(byRules);
      trendsSeen += Object.values(byRules).reduce((sum, answer) => sum + answer.trends.trends.length, 0);
      // The hourly patterns, from the answers written for the zone's split or, without one, the windows in batches.
      const period = pick(KEYWORD_PERIODS);
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/New_York']) {
        const patterns = await service.hourlyPatterns(period, zone);
        const counted = await patternsCountedAfresh(now, period, zone, new Map(display.rows.map((row) => [row.id, row.display])));
        for (const part of DAY_PERIODS) expect(patterns[part], `step ${step}: ${action}, ${period} ${zone} ${part}`).toEqual(counted[part]);
      }
      if ((await writtenForUtc(period)) === 'written') answeredFromWritten++;
      held.push(rows.length);
      const copies = await pool().query('SELECT w.keyword_id FROM keyword_windows w JOIN keywords k ON k.id = w.keyword_id WHERE w.key <> k.key OR w.display <> k.display');
      expect(copies.rows, 'key and display as the keyword has them').toEqual([]);
    }
    expect(answeredFromWritten, 'calls answered from the written answers').toBeGreaterThanOrEqual(20);
    expect(trendsSeen, 'trends answers compared with trends in them').toBeGreaterThan(100);
    // The comparisons were of windows that held something, not of empty tables.
    expect(held.filter((count) => count > 20).length, held.join(' ')).toBeGreaterThanOrEqual(20);
  });

  it('write the missing trends answers and trending lists when a call finds none', async () => {
    const before = await keptAnswers();
    expect(Object.keys(before)).toHaveLength(WINDOW_PERIOD_HOURS.length);
    // As after the migration that added the answers, before the first change to the windows.
    await pool().query('DELETE FROM keyword_answers');
    const clock = await pool().query<{ hour: Date }>('SELECT hour FROM keyword_windows_clock');
    const service = new KeywordsService(pool(), () => clock.rows[0]!.hour.getTime() + 60_000);
    const answer = before[KEYWORD_PERIOD_HOURS['7d']] as { trends: unknown; trending: unknown[] };
    expect(JSON.parse(await service.trends('7d'))).toEqual(answer.trends);
    expect(await keptAnswers(), 'every period written').toEqual(before);
    await pool().query('DELETE FROM keyword_answers');
    expect(await service.trending('7d')).toEqual(answer.trending);
    expect(await keptAnswers(), 'every period written').toEqual(before);
  });

  it('give the hourly patterns of many keywords as counting every bucket in the zone would, stopping early', async () => {
    // 1,500 keywords over the last day. The first 600 have 20 stories each, spread over the day; the others have
    // 4 to 10, all at one hour. Those come later in the order read (fewer stories in the day) and still lead the day
    // periods, so the reads go on past the first until none left could enter a list.
    const next = random(7);
    const now = START + 40 * 24 * HOUR_MS;
    const keywords = Array.from({ length: 1500 }, (_, i) => `pattern${i}${i % 5 === 0 ? ' phrase' : ''}`);
    const ids = await pool().query<{ id: number; key: string }>(
      `INSERT INTO keywords (key, display) SELECT key, key FROM unnest($1::text[]) AS key RETURNING id, key`,
      [keywords],
    );
    const idOf = new Map(ids.rows.map((row) => [row.key, row.id]));
    const buckets = new Map<string, { keywordId: number; hour: number; stories: number }>();
    keywords.forEach((key, i) => {
      const spread = i < 600;
      for (let story = 0; story < (spread ? 20 : 4 + (i % 7)); story++) {
        const hour = hourNumber(now) - (spread ? Math.floor(next() * 25) : (i * 7) % 25);
        const bucket = buckets.get(`${key}:${hour}`) ?? { keywordId: idOf.get(key)!, hour, stories: 0 };
        bucket.stories++;
        buckets.set(`${key}:${hour}`, bucket);
      }
    });
    const rows = [...buckets.values()];
    await pool().query(
      `INSERT INTO keyword_hourly (keyword_id, hour, stories, points) SELECT k, to_timestamp(h * 3600), s, s * 3 FROM unnest($1::int[], $2::int[], $3::int[]) AS b(k, h, s)`,
      [rows.map((row) => row.keywordId), rows.map((row) => row.hour), rows.map((row) => row.stories)],
    );
    // Counted afresh from the buckets at the next call.
    await pool().query('DELETE FROM keyword_windows_clock');
    const service = new KeywordsService(pool(), () => now);
    const display = new Map(ids.rows.map((row) => [row.id, row.key]));
    // Asked for once, the UTC split's answers are written at the next change; too many keywords lead for the first
    // ones read to settle the lists, so none is, and the calls read in batches.
    await service.hourlyPatterns('24h', 'UTC');
    await refreshKeywordAnswersNow(pool());
    expect(await writtenForUtc('24h')).toBe('null');
    for (const zone of ['UTC', 'Asia/Kolkata', 'Asia/Tokyo', 'America/Caracas']) {
      const patterns = await service.hourlyPatterns('24h', zone);
      const counted = await patternsCountedAfresh(now, '24h', zone, display);
      for (const part of ['morning', 'afternoon', 'evening', 'night'] as const) {
        const expected = counted[part];
        expect(patterns[part], `${zone} ${part}`).toEqual(expected);
        expect(expected).toHaveLength(PER_DAY_PERIOD_SHOWN);
      }
    }
  });

  it('give a day period that has just begun its few keywords, reading on through the window to be sure of them', async () => {
    // At 00:30 UTC the 6-hour window holds the evening's last five hours and the night's first half hour: 3,000
    // keywords mentioned in the evening, two in the night so far, so the night's list is never full.
    const now = Date.UTC(2026, 4, 1, 0, 30);
    const hour = hourNumber(now);
    const next = random(11);
    const keywords = [...Array.from({ length: 3000 }, (_, i) => `evening${i}`), 'night only'];
    const ids = await pool().query<{ id: number; key: string }>(`INSERT INTO keywords (key, display) SELECT key, key FROM unnest($1::text[]) AS key RETURNING id, key`, [
      keywords,
    ]);
    const idOf = new Map(ids.rows.map((row) => [row.key, row.id]));
    const buckets: [number, number, number][] = [];
    for (let i = 0; i < 3000; i++) buckets.push([idOf.get(`evening${i}`)!, hour - 1 - (i % 5), 1 + Math.floor(next() * 5)]);
    buckets.push([idOf.get('evening8')!, hour, 2], [idOf.get('night only')!, hour, 2]);
    await pool().query(
      `INSERT INTO keyword_hourly (keyword_id, hour, stories, points) SELECT k, to_timestamp(h * 3600), s, s * 3 FROM unnest($1::int[], $2::int[], $3::int[]) AS b(k, h, s)`,
      [buckets.map((b) => b[0]), buckets.map((b) => b[1]), buckets.map((b) => b[2])],
    );
    const service = new KeywordsService(pool(), () => now);
    const patterns = await service.hourlyPatterns('6h', 'UTC');
    const counted = await patternsCountedAfresh(now, '6h', 'UTC', new Map(ids.rows.map((row) => [row.id, row.key])));
    expect(patterns.night).toEqual(counted.night);
    expect(patterns.night.map((entry) => entry.keyword).sort()).toEqual(['evening8', 'night only']);
    expect(patterns.evening).toEqual(counted.evening);
    expect(patterns.evening).toHaveLength(PER_DAY_PERIOD_SHOWN);
    expect(patterns.morning).toEqual([]);
  });
});
