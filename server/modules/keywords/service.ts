import { FALLBACK_TIME_ZONE } from '#common/rules/time-zones.ts';
import type pg from 'pg';
import type { HourlyPatterns, KeywordStories, TrendingKeyword } from '#common/contracts/keywords.ts';
import {
  ATTENTION_MIN_POINTS,
  DAY_PERIODS,
  dayPeriodOfHour,
  HOT_KEYWORDS_SHOWN,
  KEYWORD_PERIOD_HOURS,
  type KeywordPeriod,
} from '#common/rules/keyword-trends.ts';
import { localHour } from '#common/rules/email.ts';
import { rowsOfColumns } from '../../db/json-columns.ts';
import { limitText } from '../../db/prepared.ts';
import { HttpError } from '../../http/errors.ts';
import { STORY_COLUMNS, storyRowOf, type WithStory } from '../bookmarks/story-lookup.ts';
import { ListCache } from '../stories/cache.ts';
import { NO_MUTES, type MuteMatcher } from '#common/rules/mutes.ts';
import { presentStory } from '../stories/presenter.ts';
import { selectDataGeneration } from '../stories/queries.ts';
import { listedStory } from '../stories/visibility.ts';
import { hourlyPatternsOf, PatternListBuilder, patternsStatement, reachableParts, writtenPatternLists, type PatternRow } from './patterns.ts';
import { SUBSUMED_HEADROOM, trendingOf, trendingRowsSql, trendsAnswer } from './trends.ts';
import { HOUR_MS, hourNumber, moveKeywordWindows, periodWindows, refreshKeywordAnswersNow, vacuumKeywordWindows } from './windows.ts';

/**
 * The keyword calls (docs/keywords.md), answered from the keyword windows ingestion keeps up to
 * date (windows.ts): each walks an index of them in the order it answers, so its cost grows with the keywords it
 * returns, never with the stories or buckets stored. Each call's statement is a named (prepared) one: its plan is
 * the same whatever the period, and parsing and planning it again each time cost as much as running it.
 */

/**
 * Keywords the hourly patterns read at a time, when a split has no written answer (patterns.ts): best counted
 * first, until no later one can enter a list. Each later read is larger, so a day period that has just begun, with
 * few keywords, costs a few statements rather than many.
 */
const PATTERN_BATCHES = [32, 128, 512, 2048];
/** Stories listed behind a keyword. */
const KEYWORD_STORIES_LIMIT = 50;
/** A period counts whole hours: from the start of the hour `hours` ago up to now (its current window). */
function periodStart(nowMs: number, period: KeywordPeriod): number {
  return periodWindows(KEYWORD_PERIOD_HOURS[period], hourNumber(nowMs))[0]!.first * HOUR_MS;
}

/** The answers of the period $1 each change to the windows writes (windows.ts, refreshKeywordAnswers). */
const WRITTEN_ANSWER_STATEMENTS = {
  trends: { name: 'keyword-trends', text: 'SELECT trends AS answer FROM keyword_answers WHERE period = $1' },
  trending: { name: 'keyword-trending', text: 'SELECT trending AS answer FROM keyword_answers WHERE period = $1' },
};

/** The day periods of the UTC hours of day by zone, worked out once an hour (time zone rules are not free to apply). */
const zoneDayPeriods = { hour: -1, byZone: new Map<string, number[]>() };

/** For each UTC hour of day, the index in DAY_PERIODS of the part of the day its start had in the zone over the last day. */
function dayPeriodsOfUtcHours(timeZone: string, hour: number): number[] {
  if (zoneDayPeriods.hour !== hour) zoneDayPeriods.byZone.clear();
  zoneDayPeriods.hour = hour;
  let parts = zoneDayPeriods.byZone.get(timeZone);
  if (!parts) {
    parts = [];
    for (let past = hour - 23; past <= hour; past++) parts[past % 24] = DAY_PERIODS.indexOf(dayPeriodOfHour(localHour(past * HOUR_MS, timeZone)));
    zoneDayPeriods.byZone.set(timeZone, parts);
  }
  return parts;
}

export class KeywordsService {
  /**
   * Answers as serialized JSON, kept until an ingestion cycle finishes (the buckets change only then) and for at
   * most a minute (the period moves on with the clock), as the story lists are.
   */
  private readonly cache: ListCache;
  /** Answers being built: requests for the same answer meanwhile wait for that one instead of each querying. */
  private readonly building = new Map<string, Promise<string>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {
    this.cache = new ListCache(() => selectDataGeneration(pool), { generationTtlMs: 1000, maxAgeMs: 60_000, maxEntries: 500, now: Date.now });
  }

  trendingBody(period: KeywordPeriod, limit: number): Promise<string> {
    return this.cached(`trending:${period}:${limit}`, async () => ({ keywords: await this.trending(period, limit) }));
  }

  trendsBody(period: KeywordPeriod): Promise<string> {
    return this.cachedText(`trends:${period}`, () => this.trends(period));
  }

  hourlyPatternsBody(period: KeywordPeriod, timeZone: string): Promise<string> {
    return this.cached(`patterns:${period}:${timeZone}`, () => this.hourlyPatterns(period, timeZone));
  }

  private cached(key: string, compute: () => Promise<unknown>): Promise<string> {
    return this.cachedText(key, async () => JSON.stringify(await compute()));
  }

  private cachedText(key: string, compute: () => Promise<string>): Promise<string> {
    const pending = this.building.get(key);
    if (pending) return pending;
    const answer = this.cache.get(key, compute).finally(() => this.building.delete(key));
    this.building.set(key, answer);
    return answer;
  }

  /** The hour the windows were last seen counted for, so a call checks the clock only when the hour has turned. */
  private windowsHour: number | null = null;
  /** Calls that find the hour turned share one move. */
  private advancing: Promise<void> | null = null;

  /**
   * Moves the windows to the current hour when the hour has turned since they were last seen (ingestion does
   * that too, at its first cycle of the hour; then this finds them moved and changes nothing).
   */
  private async currentWindows(nowMs: number): Promise<void> {
    const hour = hourNumber(nowMs);
    if (this.windowsHour === hour) return;
    this.advancing ??= moveKeywordWindows(this.pool, nowMs)
      .then((windows) => {
        this.windowsHour = hour;
        // Not awaited: no call waits for it. Should it fail, the next hour's move clears the rows again.
        if (windows.moved) vacuumKeywordWindows(this.pool).catch(() => undefined);
      })
      .finally(() => {
        this.advancing = null;
      });
    await this.advancing;
  }

  /**
   * Keywords by stories mentioning them in the period; ties by their points. A word or phrase that only ever
   * appears inside a longer phrase of the list ("source" in "open source", as many stories) is left out for it.
   */
  async trending(period: KeywordPeriod, limit = HOT_KEYWORDS_SHOWN): Promise<TrendingKeyword[]> {
    if (limit <= HOT_KEYWORDS_SHOWN) return (JSON.parse(await this.written('trending', period)) as TrendingKeyword[]).slice(0, limit);
    // Longer than the written list: read from the windows, with the headroom for keywords left out.
    await this.currentWindows(this.now());
    const rows = limitText(limit * SUBSUMED_HEADROOM);
    const result = await this.pool.query<{ rows: unknown[][] | null }>({
      name: `keyword-trending-${rows}`,
      text: `SELECT ${trendingRowsSql(rows, '$1')} AS rows`,
      values: [KEYWORD_PERIOD_HOURS[period]],
    });
    return trendingOf(result.rows[0]!.rows, limit);
  }

  /**
   * Each supported keyword's stories in the period against the previous period of the same length, and against
   * the same window in each of the previous four weeks (its usual level), sorted by change, largest first; with the
   * period's trending list (trends.ts). The answer's JSON.
   */
  trends(period: KeywordPeriod): Promise<string> {
    return this.written('trends', period);
  }

  /** A period's trending list or trends answer, as JSON, as written after the last change to the windows (windows.ts, refreshKeywordAnswers). */
  private async written(answer: 'trends' | 'trending', period: KeywordPeriod): Promise<string> {
    await this.currentWindows(this.now());
    const statement = WRITTEN_ANSWER_STATEMENTS[answer];
    const read = async () => (await this.pool.query<{ answer: string | null }>({ ...statement, values: [KEYWORD_PERIOD_HOURS[period]] })).rows[0]?.answer;
    let text = await read();
    if (text == null) {
      // Written by every change to the windows; missing only before the first change since the table was added.
      await refreshKeywordAnswersNow(this.pool);
      text = await read();
    }
    return text ?? JSON.stringify(answer === 'trends' ? trendsAnswer(null, []) : []);
  }

  /**
   * The keywords of each day period (morning, afternoon, evening, night) in the time zone given. The window keeps
   * each keyword's stories by UTC hour of day; the zone's offset now maps those hours to its day periods. The answer
   * written for the zone's split is read (patterns.ts); without one, keywords are read best counted first, and
   * reading stops once none left could enter a list: a keyword's count in a day period is at most its count in the
   * whole period.
   */
  async hourlyPatterns(period: KeywordPeriod, timeZone: string): Promise<HourlyPatterns> {
    const nowMs = this.now();
    const hour = hourNumber(nowMs);
    const partOfUtcHour = dayPeriodsOfUtcHours(timeZone, hour);
    await this.currentWindows(nowMs);
    const written = await writtenPatternLists(this.pool, period, partOfUtcHour, new Date(hour * HOUR_MS));
    if (written) return hourlyPatternsOf(written, timeZone);
    const [current] = periodWindows(KEYWORD_PERIOD_HOURS[period], hour);
    const lists = new PatternListBuilder(reachableParts(partOfUtcHour, current!));
    let after = [2 ** 31 - 1, 2 ** 31 - 1, 2 ** 31 - 1];
    for (let batch = 0; ; batch++) {
      const size = PATTERN_BATCHES[Math.min(batch, PATTERN_BATCHES.length - 1)]!;
      const result = await this.pool.query<{ rows: unknown[][] | null }>({ ...patternsStatement(partOfUtcHour, size), values: [KEYWORD_PERIOD_HOURS[period], ...after] });
      const rows = rowsOfColumns<PatternRow>(result.rows[0]?.rows);
      for (const [, keyword, phrase, , , ...counts] of rows) lists.add(keyword, phrase, counts);
      const last = rows.at(-1);
      if (!last || rows.length < size) break;
      const [id, , , stories, points] = last;
      if (lists.settledAfter(stories)) break;
      after = [stories, points, id];
    }
    return hourlyPatternsOf(lists.lists, timeZone);
  }

  /** The stories behind a keyword in the period, best scored first: why it is hot (without those the person muted). */
  async stories(keywordId: number, period: KeywordPeriod, mutes: MuteMatcher = NO_MUTES): Promise<KeywordStories> {
    const keyword = await this.pool.query<{ display: string }>('SELECT display FROM keywords WHERE id = $1', [keywordId]);
    if (!keyword.rows[0]) throw new HttpError(404, 'Keyword not found');
    const nowMs = this.now();
    const result = await this.pool.query<WithStory<object>>(
      `SELECT ${STORY_COLUMNS} FROM story_keywords sk JOIN stories s ON s.id = sk.story_id
        WHERE sk.keyword_id = $1 AND s.time >= $2 AND s.time <= $3 AND s.score >= ${ATTENTION_MIN_POINTS} AND ${listedStory('s')}
        ORDER BY s.score DESC, s.id DESC LIMIT ${KEYWORD_STORIES_LIMIT}`,
      [keywordId, Math.floor(periodStart(nowMs, period) / 1000), Math.floor(nowMs / 1000)],
    );
    const rows = result.rows.map(storyRowOf);
    const shown = rows.filter((row) => !mutes.mutes(row));
    return { keyword: keyword.rows[0].display, stories: shown.map((row) => presentStory(row, nowMs)), hiddenCount: rows.length - shown.length };
  }

  /** The person's time zone for day periods: their saved one, UTC for visitors, people without one or an unknown zone. */
  async timeZoneOf(userId: string | null): Promise<string> {
    if (!userId) return FALLBACK_TIME_ZONE;
    const result = await this.pool.query<{ time_zone: string | null }>('SELECT time_zone FROM users WHERE id = $1', [userId]);
    const zone = result.rows[0]?.time_zone ?? FALLBACK_TIME_ZONE;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone;
    } catch {
      return FALLBACK_TIME_ZONE;
    }
  }
}
