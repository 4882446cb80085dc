/**
 * Breakouts on the recorded front page (docs/keywords.md, "Breakouts on the recorded front page"): the labelled table
 * of real topics that broke out on a known day (test/fixtures/keyword-breakouts.json), and how many of them the product's
 * trend rules put among the first TREND_RISING_SHOWN rising keywords of their period at their moment, with the
 * recorded history imported as the demo imports it.
 *
 *   npx tsx tools/keyword-breakouts.ts            # prints the recall and every miss with its counts
 *
 * The recording's stories are extracted once (the product's extractKeywords) and counted into hourly buckets by the
 * product's attention rule, as importHistory counts them; each moment then reads its period's windows
 * (periodWindows), picks the trend candidates as the windows' statement does and applies the trend rules
 * (trendsAnswer). test/keyword-breakouts.test.ts checks that this gives the trends call's answer at a moment.
 * Reads HN_REPLAY_DATA (default ../shared/data/hn-frontpage).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  KEYWORD_PERIOD_HOURS,
  MIN_TREND_SUPPORT,
  RISING_Z_SCORE,
  storyAttention,
  TREND_RISING_SHOWN,
  trendThresholds,
  usualLevelOf,
  usualLevelScore,
  type KeywordPeriod,
} from '#common/rules/keyword-trends.ts';
import { keywordKey, type AliasMap } from '#common/rules/keywords.ts';
import type { KeywordTrend } from '#common/contracts/keywords.ts';
import { extractKeywords } from '../server/modules/keywords/extract.ts';
import { MAX_TREND_CANDIDATES, trendsAnswer } from '../server/modules/keywords/trends.ts';
import { hourNumber, periodWindows } from '../server/modules/keywords/windows.ts';
import { DEFAULT_DATA_DIR } from './hn-replay/index.ts';
import { readRecordedStories } from './import-history.ts';

export const BREAKOUTS_FILE = join(import.meta.dirname, '../test/fixtures/keyword-breakouts.json');

export interface Breakout {
  keyword: string;
  /** 24h, or 7d for a slow topic that built up over a week. */
  period: Extract<KeywordPeriod, '24h' | '7d'>;
  /** ISO time: the start of the hour after the last title listed. */
  moment: string;
  kind: string;
  reason: string;
  titles: { id: number; time: string; title: string }[];
}

export function readBreakouts(file = BREAKOUTS_FILE): Breakout[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { events: Breakout[] }).events;
}

/** Each keyword's stories by hour, as the buckets hold them: only stories readers paid attention to count. */
export interface KeywordHistory {
  /** hour → keyword key → stories that hour. */
  byHour: Map<number, Map<string, number>>;
}

/** The recorded stories counted as importHistory counts them: submission hour `created_before`, score the highest seen. */
export function keywordHistory(storiesFile: string, aliases: AliasMap): KeywordHistory {
  const byHour = new Map<number, Map<string, number>>();
  const extracted = new Map<string, string[]>();
  for (const story of readRecordedStories({ storiesFile, days: 100_000, shift: 0 })) {
    if (!storyAttention(story.max_upvotes)) continue;
    let keys = extracted.get(story.title);
    if (!keys) extracted.set(story.title, (keys = extractKeywords(story.title, aliases).map((keyword) => keyword.key)));
    const hour = hourNumber(story.created_before * 1000);
    let counts = byHour.get(hour);
    if (!counts) byHour.set(hour, (counts = new Map()));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { byHour };
}

/**
 * The trends answer of a period at a moment, from the history: each keyword's stories in the period, the one
 * before and the same window of the previous weeks (the keyword windows), the best supported candidates (as
 * trendCandidatesSql picks them) and the trend rules (trendsAnswer). Keywords are their keys.
 */
export function trendsAt(history: KeywordHistory, momentMs: number, period: KeywordPeriod): KeywordTrend[] {
  return trendsOf(windowCounts(history, momentMs, period));
}

/** Each keyword's stories in the windows of a period at a moment: the period, the one before, then each previous week. */
export function windowCounts(history: KeywordHistory, momentMs: number, period: KeywordPeriod): Map<string, number[]> {
  const windows = periodWindows(KEYWORD_PERIOD_HOURS[period], hourNumber(momentMs));
  // The history holds the whole recording; a server at the moment has seen nothing after it. Moments are whole hours,
  // so the hour that starts at the moment holds only stories still to come.
  const lastSeen = hourNumber(momentMs - 1);
  const counts = new Map<string, number[]>();
  windows.forEach((range, kind) => {
    for (let hour = range.first; hour <= Math.min(range.last, lastSeen); hour++) {
      for (const [key, stories] of history.byHour.get(hour) ?? []) {
        let row = counts.get(key);
        if (!row) counts.set(key, (row = windows.map(() => 0)));
        row[kind]! += stories;
      }
    }
  });
  return counts;
}

/** The trend rules applied to the candidates of these window counts, as trendCandidatesSql picks them. */
function trendsOf(counts: Map<string, number[]>): KeywordTrend[] {
  const candidates = [...counts.entries()]
    .filter(([, row]) => row[0]! + row[1]! >= MIN_TREND_SUPPORT)
    .sort((a, b) => b[1][0]! + b[1][1]! - (a[1][0]! + a[1][1]!) || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_TREND_CANDIDATES);
  const usual = candidates.map(([, row]) => row.slice(2));
  const columns = [
    candidates.map(([key]) => key),
    candidates.map(([, row]) => row[0]!),
    candidates.map(([, row]) => row[1]!),
    usual.map((weeks) => weeks.reduce((sum, value) => sum + value, 0)),
    usual.map((weeks) => weeks.reduce((sum, value) => sum + value * value, 0)),
  ];
  return trendsAnswer(columns, []).trends;
}

/** The rising keywords a person sees first (Trend Analysis shows TREND_RISING_SHOWN). */
export function firstRising(trends: readonly KeywordTrend[]): KeywordTrend[] {
  return trends.filter((trend) => trend.isRising).slice(0, TREND_RISING_SHOWN);
}

export interface BreakoutResult {
  event: Breakout;
  found: boolean;
  /** Its place among the first rising keywords (1-based), if there. */
  rank: number | null;
  /** Its trend at the moment, if it had one (at least MIN_TREND_SUPPORT stories in the period and the one before). */
  trend: KeywordTrend | null;
  /** Its place in the whole rising list (0-based), -1 when not rising. */
  risingBefore: number;
  /** The change up to which a keyword is stable at the moment (the median of the changes). */
  stableUpper: number;
  /** Its stories in the same window of each of the previous weeks. */
  usualWeeks: number[];
}

/** Every event checked against the trends of its period at its moment; moments shared by events are read once. */
export function checkBreakouts(history: KeywordHistory, events: readonly Breakout[], aliases: AliasMap): BreakoutResult[] {
  const answers = new Map<string, { counts: Map<string, number[]>; trends: KeywordTrend[] }>();
  return events.map((event) => {
    const id = `${event.moment}:${event.period}`;
    let answer = answers.get(id);
    if (!answer) {
      const counts = windowCounts(history, Date.parse(event.moment), event.period);
      answers.set(id, (answer = { counts, trends: trendsOf(counts) }));
    }
    const { trends, counts } = answer;
    const keys = new Set([event.keyword.toLowerCase(), keywordKey(event.keyword, aliases)]);
    const rising = firstRising(trends);
    const index = rising.findIndex((trend) => keys.has(trend.keyword));
    const trend = trends.find((candidate) => keys.has(candidate.keyword)) ?? null;
    const key = [...keys].find((candidate) => counts.has(candidate));
    return {
      event,
      found: index >= 0,
      rank: index >= 0 ? index + 1 : null,
      trend,
      risingBefore: trends.filter((t) => t.isRising).findIndex((t) => keys.has(t.keyword)),
      stableUpper: trendThresholds(trends.map((t) => t.percentageChange)).stableUpper,
      usualWeeks: key ? counts.get(key)!.slice(2) : [],
    };
  });
}

/** Why a miss missed, in words, from its trend. */
export function missReason(result: BreakoutResult): string {
  const { trend } = result;
  if (!trend) return `fewer than ${MIN_TREND_SUPPORT} stories that got attention in the period and the one before: no trend`;
  const counts = `${trend.currentFrequency} stories against ${trend.previousFrequency} (${trend.percentageChange >= 0 ? '+' : ''}${trend.percentageChange} %)`;
  if (!trend.isRising) {
    const usual = usualLevelOf(result.usualWeeks);
    const why = [
      trend.currentFrequency <= trend.previousFrequency ? 'no more stories than the period before' : '',
      trend.previousFrequency > 0 && trend.percentageChange <= result.stableUpper ? `a change no larger than the median (${Math.round(result.stableUpper)} %)` : '',
      usualLevelScore(trend.currentFrequency, usual) < RISING_Z_SCORE
        ? `${usualLevelScore(trend.currentFrequency, usual).toFixed(1)} deviations above its usual level (weeks before: ${result.usualWeeks.join(', ')}), under ${RISING_Z_SCORE}`
        : '',
    ].filter(Boolean);
    return `${counts}, not rising: ${why.join('; ')}`;
  }
  return `${counts}, rising, but number ${result.risingBefore + 1} of the rising list (${TREND_RISING_SHOWN} shown)`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { openDatabase } = await import('../server/db/index.ts');
  const { runMigrations } = await import('../server/db/migrate.ts');
  const { loadAliases } = await import('../server/modules/keywords/ingest.ts');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  // The aliases a new installation is seeded with, read from a throwaway embedded database.
  const dir = await mkdtemp(join(tmpdir(), 'breakouts-'));
  const database = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_POOL_SIZE: 1 } as Parameters<typeof openDatabase>[0]);
  let aliases: AliasMap;
  try {
    await runMigrations(database.pool);
    aliases = await loadAliases(database.pool);
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
  const started = Date.now();
  const history = keywordHistory(join(process.env.HN_REPLAY_DATA ?? DEFAULT_DATA_DIR, 'stories.jsonl.gz'), aliases);
  const results = checkBreakouts(history, readBreakouts(), aliases);
  const found = results.filter((result) => result.found).length;
  console.log(`${found} of ${results.length} breakouts (${Math.round((found / results.length) * 100)} %) among the first ${TREND_RISING_SHOWN} rising keywords of their period (${Date.now() - started} ms)`);
  for (const result of results) {
    const { event } = result;
    const where = result.found ? `rising #${result.rank}` : `MISS: ${missReason(result)}`;
    console.log(`${event.moment} ${event.period.padEnd(3)} ${event.keyword.padEnd(14)} ${where}`);
  }
}
