import type { KeywordTrend, TrendingKeyword, TrendsResponse } from '#common/contracts/keywords.ts';
import { compareByAttention, HOT_KEYWORDS_SHOWN, isRising, MIN_PHRASE_STORIES, MIN_TREND_SUPPORT, percentageChange, trendThresholds, USUAL_LEVEL_WEEKS } from '#common/rules/keyword-trends.ts';
import { containsWordRun } from '#common/rules/keywords.ts';
import { jsonColumnsSql, rowsOfColumns } from '../../db/json-columns.ts';
import { limitText } from '../../db/prepared.ts';

/**
 * The trending list and the trends answer, from the keyword windows' rows (docs/keywords.md): the rules that turn
 * counts into what the calls return. Each period's are written after every change to the windows (windows.ts,
 * refreshKeywordAnswers), and the calls read them.
 */

/** A phrase counts only when it recurs; a single word always. */
const RECURS = `CASE WHEN w.phrase THEN ${MIN_PHRASE_STORIES} ELSE 1 END`;
/** Trending reads this many times the keywords shown, so those left out for a longer phrase can be replaced. */
export const SUBSUMED_HEADROOM = 3;

interface TrendingRow {
  id: number;
  key: string;
  keyword: string;
  frequency: number;
  points: number;
  /** The latest hour it was mentioned, as the database writes a timestamp in JSON. */
  date: string;
}

/** A trending row as read: id, key, display, stories, points, last hour. */
type TrendingColumns = [number, string, string, number, number, string];

/**
 * The trending rows of a period (`period`: an SQL expression of its hours), best first by attention (the points of
 * the stories that got it, then their number: compareByAttention), as one JSON value: rows parsed by JSON.parse cost
 * a fraction of rows of the wire protocol. The order is an index's (keyword_windows_attention_idx).
 */
export function trendingRowsSql(limit: string, period: string): string {
  return `(SELECT ${jsonColumnsSql('w', ['keyword_id', 'key', 'display', 'stories', 'points', 'last_hour'])}
             FROM (SELECT w.keyword_id, w.key, w.display, w.stories, w.points, w.last_hour FROM keyword_windows w
                    WHERE w.period = ${period} AND w.stories >= ${RECURS}
                    ORDER BY w.points DESC, w.stories DESC, w.keyword_id DESC
                    LIMIT ${limit}) AS w)`;
}

/**
 * The trending rows each change to the windows reads to write a period's trending list, for a call with the default
 * limit (refreshKeywordAnswers). A call asking for at most that many gets the first of the list; one asking for more
 * reads 3 × its limit rows of the windows.
 */
export const TRENDING_ROWS_WRITTEN = limitText(HOT_KEYWORDS_SHOWN * SUBSUMED_HEADROOM);

/** The rows without those whose words are a run inside a longer keyword of the rows with the same frequency. */
function withoutSubsumed(rows: TrendingRow[]): TrendingRow[] {
  const phrases = rows.filter((row) => row.key.includes(' ')).map((row) => ({ frequency: row.frequency, words: row.key.split(' ') }));
  return rows.filter((row) => {
    const words = row.key.split(' ');
    return !phrases.some((phrase) => phrase.frequency === row.frequency && phrase.words.length > words.length && containsWordRun(phrase.words, words));
  });
}

/** The trending list from its rows: those left out for a longer phrase dropped, at most `limit`. */
export function trendingOf(columns: unknown[][] | null | undefined, limit: number): TrendingKeyword[] {
  const rows = rowsOfColumns<TrendingColumns>(columns).map(([id, key, keyword, frequency, points, date]): TrendingRow => ({ id, key, keyword, frequency, points, date }));
  // The rows share a few hours (most were last mentioned in the current one): each is converted once.
  const isoDates = new Map<string, string>();
  const isoDate = (date: string): string => {
    let iso = isoDates.get(date);
    if (iso === undefined) isoDates.set(date, (iso = new Date(date).toISOString()));
    return iso;
  };
  // The statement's order is the rule's; sorting again (stable, so ties keep the statement's order) keeps them one.
  return withoutSubsumed(rows)
    .sort(compareByAttention)
    .slice(0, limit)
    .map(({ id, keyword, frequency, points, date }) => ({ id, keyword, frequency, points, date: isoDate(date) }));
}

/** Trends are computed over at most this many keywords of a period, the best supported ones. */
export const MAX_TREND_CANDIDATES = 500;

/**
 * The trend candidates' columns, in the order of trendCandidatesSql's JSON value: display, stories in the period,
 * in the previous period, then the usual level: the sum of the counts in the same window of each previous week, and
 * the sum of their squares.
 */
const TREND_COLUMNS = ['display', 'stories', 'previous', 'usual_sum', 'usual_sum_of_squares'] as const;
/** The trend candidates as read, one array per column of TREND_COLUMNS. */
type TrendCandidateColumns = [string[], number[], number[], number[], number[]];

/**
 * A period's trend candidates (`period`: an SQL expression of its hours), as one JSON value column by column: the
 * keywords with at least MIN_TREND_SUPPORT stories in the period and the one before, best supported first, at most
 * MAX_TREND_CANDIDATES, with their two counts and two numbers for the usual level (the weeks' sum and sum of squares
 * give the mean and deviation exactly).
 */
export function trendCandidatesSql(period: string): string {
  return `(SELECT ${jsonColumnsSql('w', TREND_COLUMNS)}
             FROM (SELECT ${TREND_COLUMNS.map((column) => `w.${column}`).join(', ')} FROM keyword_windows w
                    WHERE w.period = ${period} AND w.stories + w.previous >= ${MIN_TREND_SUPPORT}
                    ORDER BY w.stories + w.previous DESC, w.keyword_id DESC
                    LIMIT ${MAX_TREND_CANDIDATES}) AS w)`;
}

/** A period's trending list as written: what a call with the default limit gets (TRENDING_ROWS_WRITTEN). */
export function writtenTrendingList(trendingRows: unknown[][] | null | undefined): TrendingKeyword[] {
  return trendingOf(trendingRows, HOT_KEYWORDS_SHOWN);
}

/**
 * A period's trends answer: each candidate's stories in the period against the previous period of the same length,
 * and against the same window in each of the previous four weeks (its usual level), sorted by change, largest
 * first; and the period's trending list.
 */
export function trendsAnswer(candidates: unknown[][] | null | undefined, trendingList: readonly TrendingKeyword[]): TrendsResponse {
  // Read column by column: 500 candidates are not worth a row array each. With no candidates every column is null.
  const [keywords, currents, previouses, usualSums, usualSumsOfSquares] = (candidates?.[0] ? candidates : TREND_COLUMNS.map(() => [])) as TrendCandidateColumns;
  const changes = currents.map((current, i) => percentageChange(current, previouses[i]!));
  const thresholds = trendThresholds(changes);
  const trends: KeywordTrend[] = keywords.map((keyword, i) => {
    const counts = {
      currentFrequency: currents[i]!,
      previousFrequency: previouses[i]!,
      usual: { weeks: USUAL_LEVEL_WEEKS, sum: usualSums[i]!, sumOfSquares: usualSumsOfSquares[i]! },
    };
    const change = changes[i]!;
    return { keyword, currentFrequency: counts.currentFrequency, previousFrequency: counts.previousFrequency, percentageChange: change, isRising: isRising(counts, change, thresholds) };
  });
  trends.sort((a, b) => b.percentageChange - a.percentageChange || b.currentFrequency - a.currentFrequency);
  return { trends, trending: [...trendingList] };
}
