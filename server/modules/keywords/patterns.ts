import type pg from 'pg';
import type { HourlyPatterns } from '#common/contracts/keywords.ts';
import { DAY_PERIODS, dayPeriodOfHour, KEYWORD_PERIOD_HOURS, MIN_PHRASE_STORIES, PER_DAY_PERIOD_SHOWN, type KeywordPeriod } from '#common/rules/keyword-trends.ts';
import { jsonColumnsSql, rowsOfColumns } from '../../db/json-columns.ts';
import { limitText } from '../../db/prepared.ts';
import { HOUR_OF_DAY_COLUMNS } from '../../db/schema/keywords.ts';

/**
 * The hourly patterns (docs/keywords.md, "Hourly patterns"): each day period's best keywords in a time zone. A
 * zone splits the UTC hours of day into day periods; the windows keep each keyword's stories by UTC hour of day.
 *
 * Every change to the windows writes each period's answer for each split that has been asked for
 * (keyword_pattern_answers; windows.ts, refreshKeywordAnswers). A call reads its answer. A split not asked for before
 * is registered by its first call, so the next change writes it; until then, and for a split without an answer, a
 * call reads the windows in batches (patternsStatement). Only the 24 splits of whole-hour offsets are registered:
 * they cover every zone but in the day after a daylight-saving turn (a half-hour zone splits the hours as the whole
 * offset below it, each hour counting in the part its start falls in), and they bound what each change writes.
 */

/** A day period's keywords, best first. */
export type PatternLists = { keyword: string; count: number }[][];

/** Keywords each day period shows (spec: 3 per day period). */
const PATTERN_KEYWORDS = PER_DAY_PERIOD_SHOWN;
/**
 * Keywords of each period whose hours of day are read when the answers are written: as many as the batch reads read
 * first, which settle a call's lists on the bench's buckets of 500,000 stories in all but about one call in
 * eighteen. A split they do not settle has no written answer, and its calls read in batches.
 */
const ANSWER_KEYWORDS = 32;

/** The UTC hours of day in each day period, for a zone `offset` whole hours ahead of UTC: DAY_PERIODS' index by hour. */
function splitOfOffset(offset: number): number[] {
  return Array.from({ length: 24 }, (_, hour) => DAY_PERIODS.indexOf(dayPeriodOfHour((hour + offset) % 24)));
}
/** The splits whose answers are written once asked for. */
const OFFSET_SPLIT_KEYS = new Set(Array.from({ length: 24 }, (_, offset) => splitKey(splitOfOffset(offset))));

/** A split's name: each UTC hour of day's day period, as 24 digits. */
export function splitKey(partOfUtcHour: readonly number[]): string {
  return partOfUtcHour.join('');
}

/** The day periods the hours of `window` fall in, for a split. */
export function reachableParts(partOfUtcHour: readonly number[], window: { first: number; last: number }): Set<number> {
  const reachable = new Set<number>();
  for (let hour = window.first; hour <= window.last && reachable.size < DAY_PERIODS.length; hour++) reachable.add(partOfUtcHour[hour % 24]!);
  return reachable;
}

/**
 * Keeps each day period's best keywords as keywords are read in the trending order (most stories in the whole
 * period, then most points), and says when no keyword after the last read could enter a list: a keyword's count in
 * a day period is at most its count in the whole period.
 */
export class PatternListBuilder {
  readonly lists: PatternLists = DAY_PERIODS.map(() => []);

  constructor(private readonly reachable: ReadonlySet<number>) {}

  /** A keyword read, with its stories in each day period (in the order of DAY_PERIODS). */
  add(keyword: string, phrase: boolean, counts: readonly number[]): void {
    counts.forEach((count, part) => {
      if (count < (phrase ? MIN_PHRASE_STORIES : 1)) return;
      const list = this.lists[part]!;
      // Ties keep the order read (more stories in the whole period, then more points).
      const place = list.findIndex((entry) => entry.count < count);
      list.splice(place === -1 ? list.length : place, 0, { keyword, count });
      if (list.length > PATTERN_KEYWORDS) list.pop();
    });
  }

  /** Whether the lists are final once the keywords read so far are followed only by keywords of at most `stories`. */
  settledAfter(stories: number): boolean {
    return [...this.reachable].every((part) => this.lists[part]!.length === PATTERN_KEYWORDS && stories <= this.lists[part]![PATTERN_KEYWORDS - 1]!.count);
  }
}

/** The answer of the call from its lists. */
export function hourlyPatternsOf(lists: PatternLists, timeZone: string): HourlyPatterns {
  const patterns: HourlyPatterns = { morning: [], afternoon: [], evening: [], night: [], timeZone };
  DAY_PERIODS.forEach((part, index) => (patterns[part] = lists[index]!));
  return patterns;
}

/** Statements of the hourly patterns by name: a text depends only on the zone's split of the day and the batch size. */
const patternStatements = new Map<string, { name: string; text: string }>();
/** More splits than time zones' offsets and their daylight-saving turns give: the map is cleared past this. */
const MAX_PATTERN_STATEMENTS = 500;

/** A keyword read by patternsStatement: id, display, phrase, stories and points in the period, then its stories in each day period. */
export type PatternRow = [number, string, boolean, number, number, ...number[]];

/**
 * The hourly patterns' statement for a split of the UTC hours of day into day periods and a batch size: a batch of
 * keywords of the period $1 after a point of the trending order ($2-$4), with their stories in each day period, as
 * one JSON value (jsonColumnsSql).
 */
export function patternsStatement(partOfUtcHour: readonly number[], size: number): { name: string; text: string } {
  const limit = limitText(size);
  // One prepared statement serves each split and size.
  const name = `keyword-patterns-${splitKey(partOfUtcHour)}-${limit}`;
  let statement = patternStatements.get(name);
  if (statement) return statement;
  // Each day period's count: the sum of the UTC hours of day that fall in it.
  const partSums = DAY_PERIODS.map((_, part) => {
    const columns = HOUR_OF_DAY_COLUMNS.filter((_, hour) => partOfUtcHour[hour] === part).map((column) => `w.${column}`);
    return columns.length > 0 ? columns.join(' + ') : '0';
  });
  const partColumns = partSums.map((_, part) => `part_${part}`);
  statement = {
    name,
    text: `SELECT ${jsonColumnsSql('w', ['keyword_id', 'display', 'phrase', 'stories', 'points', ...partColumns])} AS rows
             FROM (SELECT w.keyword_id, w.display, w.phrase, w.stories, w.points, ${partSums.map((sum, part) => `${sum} AS ${partColumns[part]}`).join(', ')}
                     FROM keyword_windows w
                    WHERE w.period = $1 AND w.stories >= 1 AND (w.stories, w.points, w.keyword_id) < ($2, $3, $4)
                    ORDER BY w.stories DESC, w.points DESC, w.keyword_id DESC
                    LIMIT ${limit}) AS w`,
  };
  if (patternStatements.size >= MAX_PATTERN_STATEMENTS) patternStatements.clear();
  patternStatements.set(name, statement);
  return statement;
}

/** A period's first keywords as patternRowsSql reads them: display, phrase, stories, then the 24 hours of day. */
type HoursRow = [string, boolean, number, ...number[]];

/**
 * A period's first ANSWER_KEYWORDS keywords in trending order (`period`: an SQL expression of its hours), with their
 * stories by UTC hour of day, as one JSON value column by column: what patternAnswersOf works the answers out from.
 */
export function patternRowsSql(period: string): string {
  return `(SELECT ${jsonColumnsSql('w', ['display', 'phrase', 'stories', ...HOUR_OF_DAY_COLUMNS])}
             FROM (SELECT w.display, w.phrase, w.stories, ${HOUR_OF_DAY_COLUMNS.map((column) => `w.${column}`).join(', ')} FROM keyword_windows w
                    WHERE w.period = ${period} AND w.stories >= 1
                    ORDER BY w.stories DESC, w.points DESC, w.keyword_id DESC
                    LIMIT ${limitText(ANSWER_KEYWORDS)}) AS w)`;
}

/**
 * A period's answer for each split asked for (their keys), from its patternRowsSql rows and its current window: the
 * lists as JSON, or null for a split those rows do not settle (its calls then read the windows in batches).
 */
export function patternAnswersOf(columns: unknown[][] | null | undefined, currentWindow: { first: number; last: number }, splits: readonly string[]): { split: string; lists: string | null }[] {
  const rows = rowsOfColumns<HoursRow>(columns);
  return splits.map((key) => {
    const split = [...key].map(Number);
    const lists = new PatternListBuilder(reachableParts(split, currentWindow));
    for (const [keyword, phrase, , ...hours] of rows) {
      const counts = DAY_PERIODS.map(() => 0);
      hours.forEach((count, hourOfDay) => (counts[split[hourOfDay]!]! += count));
      lists.add(keyword, phrase, counts);
    }
    const settled = rows.length < ANSWER_KEYWORDS || lists.settledAfter(rows.at(-1)![2]);
    return { split: key, lists: settled ? JSON.stringify(lists.lists) : null };
  });
}

/**
 * The period's written answer for a split, if the windows are still counted for `hour`; null when there is none,
 * after registering a split not asked for before, so the next change to the windows writes its answers.
 */
export async function writtenPatternLists(pool: pg.Pool, period: KeywordPeriod, partOfUtcHour: readonly number[], hour: Date): Promise<PatternLists | null> {
  const split = splitKey(partOfUtcHour);
  const result = await pool.query<{ hour: Date; lists: string | null }>({
    name: 'keyword-pattern-answer',
    text: 'SELECT hour, lists FROM keyword_pattern_answers WHERE period = $1 AND split = $2',
    values: [KEYWORD_PERIOD_HOURS[period], split],
  });
  const row = result.rows[0];
  if (!row && OFFSET_SPLIT_KEYS.has(split)) {
    await pool.query({
      name: 'keyword-pattern-answer-register',
      text: 'INSERT INTO keyword_pattern_answers (period, split, hour, lists) VALUES ($1, $2, $3, NULL) ON CONFLICT (period, split) DO NOTHING',
      values: [KEYWORD_PERIOD_HOURS[period], split, hour],
    });
  }
  return row?.lists && row.hour.getTime() === hour.getTime() ? (JSON.parse(row.lists) as PatternLists) : null;
}
