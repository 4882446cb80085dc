import type pg from 'pg';
import type { SearchQuery } from '#common/contracts/search.ts';
import { SEARCH_TOTAL_BOUND, SUGGESTIONS_LIMIT, SUGGESTION_MIN_WORD_LENGTH, type SearchSort } from '#common/rules/search.ts';
import { limitText } from '../../db/prepared.ts';
import type { StoryRow } from '../stories/queries.ts';
import { listedStory } from '../stories/visibility.ts';

/**
 * Each sort's order, the same as its story list's index (migration 0012), so a search with many matches walks that
 * index and stops at the page's last story. Trending ties break on score, as the trending list does; every sort's
 * last tie-breaker is the id.
 */
const SORT_ORDERS: Record<SearchSort, (direction: string) => string> = {
  score: (d) => `score ${d}, id ${d}`,
  comments: (d) => `descendants ${d}, id ${d}`,
  time: (d) => `time ${d}, id ${d}`,
  trending: (d) => `trending_score ${d}, score ${d}, id ${d}`,
};

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters (% _ \) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The texts a search matches as substrings: the column (lowercased) and the text asked for. */
function textFilters(query: SearchQuery): { column: string; text: string }[] {
  // The free text matches the title, or the domain or author, as the search box promises (docs/search.md).
  const filters = [
    { column: 'search_text', text: query.q },
    { column: 'lower(domain)', text: query.domain },
    { column: 'lower(by)', text: query.author },
  ];
  return filters.filter((filter) => filter.text !== '');
}

/** The shortest text a trigram index can find (pg_trgm reads three characters at a time). */
const TRIGRAM_LENGTH = 3;

/**
 * A free text of two characters: too short for a trigram, it is one of the search text's pairs of letters, which
 * their own index holds (migration 0021). The pairs of its lowercased form must all be there, and the LIKE beside
 * them keeps the match exact whatever lower() makes of it.
 */
function isLetterPair(column: string, text: string): boolean {
  return column === 'search_text' && [...text].length === 2;
}

/**
 * The conditions of a search, for the count (`probe`) or for the page read in the sort's order (`walk`).
 * Case-insensitive: lowercased columns against a text lowercased by the same lower(). A text is matched with LIKE,
 * which the trigram indexes answer (migration 0003), with three exceptions that steer the planner, whose estimates
 * for substrings are guesses:
 * - counting, a free text of two characters is also looked up among the search text's letter pairs (isLetterPair);
 * - counting, when a text is indexed (a trigram or a letter pair), the minimum score is written `score + 0`:
 *   otherwise the planner may intersect the text's index with a range of the score index that holds most of the
 *   table;
 * - walking, a text too short for a trigram is matched with strpos, the same test but one the planner does not
 *   guess at, so it walks the sort's index and stops at the page's last story (with as many matches as the bound,
 *   the walk is short) instead of scanning and sorting every story.
 */
function whereClause(query: SearchQuery, nowMs: number, use: 'probe' | 'walk', params: unknown[]): string {
  const conditions = [listedStory()];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  const texts = textFilters(query);
  for (const { column, text } of texts) {
    if (use === 'probe' && isLetterPair(column, text)) add((p) => `letter_pairs(${column}) @> letter_pairs(lower(${p}))`, text);
    if (use === 'walk' && text.length < TRIGRAM_LENGTH) add((p) => `strpos(${column}, lower(${p})) > 0`, text);
    else add((p) => `${column} LIKE lower(${p})`, containsPattern(text));
  }
  const indexedText = texts.some(({ column, text }) => text.length >= TRIGRAM_LENGTH || isLetterPair(column, text));
  if (query.minScore > 0) add((p) => (use === 'probe' && indexedText ? `score + 0 >= ${p}` : `score >= ${p}`), query.minScore);
  if (query.hours !== 'all') add((p) => `time >= ${p}`, Math.floor(nowMs / 1000) - Number(query.hours) * 3600);
  return conditions.join(' AND ');
}

/**
 * One statement for a search's page and total. The matches are counted up to the bound (common/rules/search.ts),
 * through the trigram indexes or a scan that stops at the bound, whichever the planner finds cheaper. Under the
 * bound, those matches are all there are, and the page is the first of them in the sort's order. At the bound,
 * matches are frequent, and the page comes from a walk of the sort's index that stops at its last story. Either
 * way no request reads every match of a frequent text, nor sorts them.
 */
export function searchStatement(query: SearchQuery, nowMs: number, bound = SEARCH_TOTAL_BOUND): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const order = SORT_ORDERS[query.sort](query.order === 'asc' ? 'ASC' : 'DESC');
  const columns = 'id, hn_id, title, url, score, descendants, by, time, domain, score_velocity, comments_velocity, trending_score, synthetic';
  return {
    text: `WITH probe AS MATERIALIZED (
             SELECT id FROM stories WHERE ${whereClause(query, nowMs, 'probe', values)} LIMIT ${bound}
           ), total AS (
             SELECT count(*)::int AS total FROM probe
           ), page AS (
             (SELECT ${columns} FROM stories
               WHERE id IN (SELECT id FROM probe) AND (SELECT total FROM total) < ${bound}
               ORDER BY ${order} LIMIT ${query.limit})
             UNION ALL
             (SELECT ${columns} FROM stories
               WHERE ${whereClause(query, nowMs, 'walk', values)} AND (SELECT total FROM total) >= ${bound}
               ORDER BY ${order} LIMIT ${query.limit})
           )
           SELECT total.total, page.* FROM total LEFT JOIN page ON true
            ORDER BY ${order}`,
    values,
  };
}

/** A search's page and its total, counted up to the bound. */
export async function selectSearchResults(
  pool: pg.Pool,
  query: SearchQuery,
  nowMs: number,
  bound = SEARCH_TOTAL_BOUND,
): Promise<{ rows: StoryRow[]; totalCount: number }> {
  const result = await pool.query<StoryRow & { total: number }>(searchStatement(query, nowMs, bound));
  return { rows: result.rows.filter((row) => row.id !== null), totalCount: result.rows[0]?.total ?? 0 };
}

/**
 * How many words of a pair a two-letter suggestion reads at most. Fewer: they are all its words, and the answer is
 * the most used of them. As many: the pair is common, and a walk of the vocabulary in order of use meets five of its
 * words soon.
 */
const PAIR_WORDS_READ = 300;
/**
 * How many of the most used words a suggestion of three or more characters reads first. When five of them contain
 * the text, they are the answer (the walk is in the answer's order); otherwise the text is rare, and its words come
 * from the trigram index.
 */
const SUGGESTION_WALK = 1000;
/** Suggestions offer only words longer than 3 characters. */
const longEnough = (column: string) => `length(${column}) >= ${SUGGESTION_MIN_WORD_LENGTH}`;

/**
 * The suggestions' statements, prepared. Planning one cost more than running it (about 1 ms against 0.3-0.6 ms on
 * PostgreSQL), and with the text in view PostgreSQL planned each afresh. The text is passed as `(SELECT $1)`, which
 * the planner cannot see into, so each statement keeps one plan that serves every text.
 */
const LOWERED_TEXT = '(SELECT lower($1::text))';

/**
 * Two characters have no trigram, so their words come from their pair (title_word_pairs, migration 0018): the pair's
 * words in the order of its key, so the read stops at the bound, each word's use looked up by its key (a join would
 * read the whole vocabulary for a few hundred words); or, for a common pair, from the walk in order of use.
 */
const PAIR_SUGGESTIONS = {
  name: 'suggestions-pair',
  text: `WITH held AS (SELECT word FROM title_word_pairs WHERE pair = ${LOWERED_TEXT} ORDER BY word LIMIT ${PAIR_WORDS_READ}),
              few AS (SELECT count(*) < ${PAIR_WORDS_READ} AS yes FROM held)
         SELECT word FROM (
           (SELECT held.word, (SELECT w.stories FROM title_words w WHERE w.word = held.word) AS stories FROM held
             WHERE (SELECT yes FROM few) AND ${longEnough('held.word')}
             ORDER BY stories DESC, word LIMIT ${SUGGESTIONS_LIMIT})
           UNION ALL
           (SELECT word, stories FROM title_words
             WHERE NOT (SELECT yes FROM few) AND strpos(word, ${LOWERED_TEXT}) > 0 AND ${longEnough('word')}
             ORDER BY stories DESC, word LIMIT ${SUGGESTIONS_LIMIT})
         ) AS found
         ORDER BY stories DESC, word`,
};

/**
 * Three characters or more: the walk of the `walk` most used words, or the trigram index when the walk does not find
 * five. There the order is written `stories + 0`, which no index holds: otherwise the one plan would walk the rest of
 * the vocabulary in order of use (5 ms for a rare text) rather than read the text's few words.
 */
function textSuggestions(walk: number): { name: string; text: string } {
  return {
    name: `suggestions-text-${walk}`,
    text: `WITH walked AS MATERIALIZED (
             SELECT word, stories FROM (SELECT word, stories FROM title_words ORDER BY stories DESC, word LIMIT ${limitText(walk)}) AS used
              WHERE word LIKE ${LOWERED_TEXT} AND ${longEnough('word')} LIMIT ${SUGGESTIONS_LIMIT}
           ), enough AS (SELECT count(*) = ${SUGGESTIONS_LIMIT} AS yes FROM walked)
           SELECT word FROM (
             (SELECT word, stories FROM walked WHERE (SELECT yes FROM enough))
             UNION ALL
             (SELECT word, stories FROM title_words
               WHERE NOT (SELECT yes FROM enough) AND word LIKE ${LOWERED_TEXT} AND ${longEnough('word')}
               ORDER BY stories + 0 DESC, word LIMIT ${SUGGESTIONS_LIMIT})
           ) AS found
           ORDER BY stories DESC, word`,
  };
}

/** The title words containing `text`, those used by the most stories first; `walk` as SUGGESTION_WALK. */
export async function selectSuggestions(pool: pg.Pool, text: string, walk = SUGGESTION_WALK): Promise<string[]> {
  const twoLetters = [...text].length === 2;
  const result = await pool.query<{ word: string }>({
    ...(twoLetters ? PAIR_SUGGESTIONS : textSuggestions(walk)),
    values: [twoLetters ? text : containsPattern(text)],
  });
  return result.rows.map((row) => row.word);
}
