import type pg from 'pg';
import type { HourlyPatterns, KeywordStories, KeywordTrend, TrendingKeyword, TrendsResponse } from '../../../common/contracts/keywords.ts';
import {
  DAY_PERIODS,
  dayPeriodOfHour,
  HOT_KEYWORDS_SHOWN,
  isRising,
  KEYWORD_PERIOD_HOURS,
  MIN_PHRASE_STORIES,
  MIN_TREND_SUPPORT,
  percentageChange,
  trendThresholds,
  USUAL_LEVEL_WEEKS,
  type KeywordPeriod,
} from '../../../common/rules/keyword-trends.ts';
import { containsWordRun } from '../../../common/rules/keywords.ts';
import { HttpError } from '../../http/errors.ts';
import { STORY_COLUMNS, storyRowOf, type WithStory } from '../bookmarks/story-lookup.ts';
import { ListCache } from '../stories/cache.ts';
import { presentStory } from '../stories/presenter.ts';
import { selectDataGeneration } from '../stories/queries.ts';

/**
 * The keyword calls (issue 13 item 2; docs/keywords.md), answered from the hourly buckets ingestion keeps: their
 * cost grows with the hours and keywords of the period, never with the stories stored.
 */

const HOUR_MS = 3_600_000;
const WEEK_MS = 168 * HOUR_MS;
/** Trends are computed over at most this many keywords, the best supported ones. */
const MAX_TREND_CANDIDATES = 500;
/** Keywords returned per day period by the hourly patterns. */
const PATTERN_KEYWORDS = 10;
/** Stories listed behind a keyword. */
const KEYWORD_STORIES_LIMIT = 50;
/** A phrase counts only when it recurs; a single word always. */
const RECURS = `CASE WHEN position(' ' IN k.key) > 0 THEN ${MIN_PHRASE_STORIES} ELSE 1 END`;
/** Trending reads this many times the keywords asked for, so those left out for a longer phrase can be replaced. */
const SUBSUMED_HEADROOM = 3;
/** Local hour 0-23 → index of its day period in DAY_PERIODS, as a SQL array (1-based), from the one rule. */
const DAY_PERIOD_OF_HOUR_SQL = `ARRAY[${Array.from({ length: 24 }, (_, hour) => DAY_PERIODS.indexOf(dayPeriodOfHour(hour))).join(',')}]`;

/** A period counts whole hours: from the start of the hour `hours` ago up to now. */
function periodStart(nowMs: number, period: KeywordPeriod): number {
  return Math.floor((nowMs - KEYWORD_PERIOD_HOURS[period] * HOUR_MS) / HOUR_MS) * HOUR_MS;
}

interface TrendingRow {
  id: number;
  key: string;
  keyword: string;
  frequency: number;
  points: number;
  date: Date;
}

interface TrendRow {
  keyword: string;
  current: number;
  previous: number;
  usual: number[];
}

/** The rows without those whose words are a run inside a longer keyword of the rows with the same frequency. */
function withoutSubsumed(rows: TrendingRow[]): TrendingRow[] {
  const phrases = rows.filter((row) => row.key.includes(' ')).map((row) => ({ frequency: row.frequency, words: row.key.split(' ') }));
  return rows.filter((row) => {
    const words = row.key.split(' ');
    return !phrases.some((phrase) => phrase.frequency === row.frequency && phrase.words.length > words.length && containsWordRun(phrase.words, words));
  });
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
    return this.cached(`trends:${period}`, () => this.trends(period));
  }

  hourlyPatternsBody(period: KeywordPeriod, timeZone: string): Promise<string> {
    return this.cached(`patterns:${period}:${timeZone}`, () => this.hourlyPatterns(period, timeZone));
  }

  private cached(key: string, compute: () => Promise<unknown>): Promise<string> {
    const pending = this.building.get(key);
    if (pending) return pending;
    const answer = this.cache.get(key, async () => JSON.stringify(await compute())).finally(() => this.building.delete(key));
    this.building.set(key, answer);
    return answer;
  }

  /**
   * Keywords by stories mentioning them in the period; ties by their points. A word or phrase that only ever
   * appears inside a longer phrase of the list ("source" in "open source", as many stories) is left out for it.
   */
  async trending(period: KeywordPeriod, limit = HOT_KEYWORDS_SHOWN): Promise<TrendingKeyword[]> {
    const nowMs = this.now();
    const result = await this.pool.query<TrendingRow>(
      `WITH counts AS (SELECT keyword_id, sum(stories)::int AS frequency, sum(points)::int AS points, max(hour) AS date
                         FROM keyword_hourly WHERE hour >= $1 AND hour <= $2 GROUP BY keyword_id)
       SELECT k.id, k.key, k.display AS keyword, c.frequency, c.points, c.date
         FROM counts c JOIN keywords k ON k.id = c.keyword_id
        WHERE c.frequency >= ${RECURS}
        ORDER BY c.frequency DESC, c.points DESC, k.id
        LIMIT $3`,
      [new Date(periodStart(nowMs, period)), new Date(nowMs), limit * SUBSUMED_HEADROOM],
    );
    return withoutSubsumed(result.rows)
      .slice(0, limit)
      .map(({ id, keyword, frequency, points, date }) => ({ id, keyword, frequency, points, date: date.toISOString() }));
  }

  /**
   * Each supported keyword's stories in the period against the previous period of the same length, and against
   * the same window in each of the previous four weeks (its usual level). Sorted by change, largest first.
   */
  async trends(period: KeywordPeriod): Promise<TrendsResponse> {
    const nowMs = this.now();
    const start = periodStart(nowMs, period);
    const length = nowMs - start;
    const weeks = Array.from({ length: USUAL_LEVEL_WEEKS }, (_, i) => i + 1);
    const weekColumns = weeks.map(
      (week) => `coalesce(sum(h.stories) FILTER (WHERE h.hour >= $${2 * week + 2} AND h.hour <= $${2 * week + 3}), 0)::int`,
    );
    const weekBounds = weeks.flatMap((week) => [new Date(start - week * WEEK_MS), new Date(nowMs - week * WEEK_MS)]);
    // Only the hours of the windows are read, not the weeks between them.
    const weekWindows = weeks.map((week) => `(h.hour >= $${2 * week + 2} AND h.hour <= $${2 * week + 3})`);
    const result = await this.pool.query<TrendRow>(
      `WITH counts AS (
         SELECT h.keyword_id,
                coalesce(sum(h.stories) FILTER (WHERE h.hour >= $2 AND h.hour <= $3), 0)::int AS current,
                coalesce(sum(h.stories) FILTER (WHERE h.hour >= $1 AND h.hour < $2), 0)::int AS previous,
                ARRAY[${weekColumns.join(', ')}] AS usual
           FROM keyword_hourly h
          WHERE (h.hour >= $1 AND h.hour <= $3) OR ${weekWindows.join(' OR ')}
          GROUP BY h.keyword_id)
       SELECT k.display AS keyword, c.current, c.previous, c.usual
         FROM counts c JOIN keywords k ON k.id = c.keyword_id
        WHERE c.current + c.previous >= ${MIN_TREND_SUPPORT}
        ORDER BY c.current + c.previous DESC, k.id
        LIMIT ${MAX_TREND_CANDIDATES}`,
      [new Date(start - length), new Date(start), new Date(nowMs), ...weekBounds],
    );
    const changes = result.rows.map((row) => percentageChange(row.current, row.previous));
    const thresholds = trendThresholds(changes);
    const trends: KeywordTrend[] = result.rows.map((row, i) => ({
      keyword: row.keyword,
      currentFrequency: row.current,
      previousFrequency: row.previous,
      percentageChange: changes[i]!,
      isRising: isRising({ currentFrequency: row.current, previousFrequency: row.previous, usual: row.usual }, changes[i]!, thresholds),
    }));
    trends.sort((a, b) => b.percentageChange - a.percentageChange || b.currentFrequency - a.currentFrequency);
    return { trends, trending: await this.trending(period) };
  }

  /** The keywords of each day period (morning, afternoon, evening, night) in the time zone given. */
  async hourlyPatterns(period: KeywordPeriod, timeZone: string): Promise<HourlyPatterns> {
    const nowMs = this.now();
    let result: pg.QueryResult<{ part: number; keyword: string; count: number }>;
    try {
      result = await this.pool.query(
        `WITH counts AS (
           SELECT (${DAY_PERIOD_OF_HOUR_SQL})[extract(hour FROM h.hour AT TIME ZONE $3)::int + 1] AS part, h.keyword_id,
                  sum(h.stories)::int AS count
             FROM keyword_hourly h WHERE h.hour >= $1 AND h.hour <= $2
            GROUP BY 1, 2),
         ranked AS (
           SELECT c.part, k.display AS keyword, c.count,
                  row_number() OVER (PARTITION BY c.part ORDER BY c.count DESC, k.id) AS place
             FROM counts c JOIN keywords k ON k.id = c.keyword_id
            WHERE c.count >= ${RECURS})
         SELECT part, keyword, count FROM ranked WHERE place <= ${PATTERN_KEYWORDS} ORDER BY part, place`,
        [new Date(periodStart(nowMs, period)), new Date(nowMs), timeZone],
      );
    } catch (error) {
      // A zone the runtime knows but the database does not: the patterns are given in UTC rather than failing.
      if ((error as { code?: string }).code === '22023' && timeZone !== 'UTC') return this.hourlyPatterns(period, 'UTC');
      throw error;
    }
    const patterns: HourlyPatterns = { morning: [], afternoon: [], evening: [], night: [], timeZone };
    for (const row of result.rows) patterns[DAY_PERIODS[row.part]!].push({ keyword: row.keyword, count: row.count });
    return patterns;
  }

  /** The stories behind a keyword in the period, best scored first: why it is hot. */
  async stories(keywordId: number, period: KeywordPeriod): Promise<KeywordStories> {
    const keyword = await this.pool.query<{ display: string }>('SELECT display FROM keywords WHERE id = $1', [keywordId]);
    if (!keyword.rows[0]) throw new HttpError(404, 'Keyword not found');
    const nowMs = this.now();
    const result = await this.pool.query<WithStory<object>>(
      `SELECT ${STORY_COLUMNS} FROM story_keywords sk JOIN stories s ON s.id = sk.story_id
        WHERE sk.keyword_id = $1 AND s.time >= $2 AND s.time <= $3 AND NOT s.dead AND NOT s.hidden
        ORDER BY s.score DESC, s.id DESC LIMIT ${KEYWORD_STORIES_LIMIT}`,
      [keywordId, Math.floor(periodStart(nowMs, period) / 1000), Math.floor(nowMs / 1000)],
    );
    return { keyword: keyword.rows[0].display, stories: result.rows.map((row) => presentStory(storyRowOf(row), nowMs)) };
  }

  /** The person's time zone for day periods: their saved one (email settings), UTC for visitors or an unknown zone. */
  async timeZoneOf(userId: string | null): Promise<string> {
    if (!userId) return 'UTC';
    const result = await this.pool.query<{ timezone: string }>(
      `SELECT timezone FROM email_frequency_controls WHERE user_id = $1 ORDER BY (email_type = 'keyword_alert') DESC LIMIT 1`,
      [userId],
    );
    const zone = result.rows[0]?.timezone ?? 'UTC';
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone;
    } catch {
      return 'UTC';
    }
  }
}
