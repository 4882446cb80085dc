import type pg from 'pg';
import { storyAttention } from '#common/rules/keyword-trends.ts';
import { ALERT_WINDOW_HOURS, containsWordRun, keywordKey, titleWords, type AliasMap } from '#common/rules/keywords.ts';
import { extractKeywords, type ExtractedKeyword } from './extract.ts';
import { advanceKeywordWindows, applyWindowDeltas, HOUR_MS, hourNumber, refreshKeywordAnswers, vacuumKeywordWindows, WINDOW_PERIODS_SQL, type BucketDelta } from './windows.ts';
import { withTransaction } from '../../db/transaction.ts';

/**
 * The ingestion side of keywords (docs/keywords.md): counts the keywords of the stories a cycle touched into the
 * hourly buckets, and fires the keyword alerts those stories complete. Both cost what the touched stories cost,
 * never what the tables hold.
 */

/** A spelling seen where case tells something (mid-sentence, "GitHub") outweighs any number of Title Case ones. */
const INFORMATIVE_WEIGHT = 1000;

export async function loadAliases(db: pg.Pool | pg.PoolClient): Promise<Map<string, string>> {
  const result = await db.query<{ alias: string; keyword: string }>('SELECT alias, keyword FROM keyword_aliases');
  return new Map(result.rows.map((row) => [row.alias, row.keyword]));
}

interface StoryState {
  id: number;
  title: string;
  time: number;
  score: number;
  /** Dead, or made up by the demo's replay: counted under no keyword. */
  uncounted: boolean;
  counted_title: string | null;
  counted_hour: Date | null;
  counted_points: number | null;
  /** The keywords it is counted under. */
  counted_keyword_ids: number[];
}

interface Contribution {
  hour: number;
  points: number;
  keywordIds: number[];
}

export interface KeywordIndexReport {
  /** Stories whose keywords were (re)extracted: new, retitled or no longer counted. */
  storiesExtracted: number;
  /** Stories whose points moved in their buckets. */
  storiesRescored: number;
  /** Alerts fired. */
  alertsFired: number;
}

/**
 * Brings the keyword counts of these stories up to date: a new story adds its keywords to the bucket of its
 * submission hour; a new title takes the old keywords out and puts the new ones in; a new score moves only the
 * points. Dead stories, and the stories the demo's replay made up (their template titles are no news), count for
 * nothing. Then fires the alerts the new titles complete.
 */
export async function indexStoryKeywords(pool: pg.Pool, storyIds: readonly number[], nowMs: number): Promise<KeywordIndexReport> {
  if (storyIds.length === 0) return { storiesExtracted: 0, storiesRescored: 0, alertsFired: 0 };
  // Titles are read and extracted before the transaction: extraction takes CPU time, and a transaction left idle
  // that long is ended by the database (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS).
  const aliases = await loadAliases(pool);
  const titles = await pool.query<{ title: string }>({
    name: 'keyword-titles-to-extract',
    text: `SELECT s.title FROM stories s LEFT JOIN keyword_extractions e ON e.story_id = s.id
            WHERE s.id = ANY($1::int[]) AND NOT s.dead AND NOT s.synthetic AND e.title IS DISTINCT FROM s.title`,
    values: [storyIds],
  });
  const extractedTitles = new Map(titles.rows.map((row) => [row.title, extractKeywords(row.title, aliases)]));
  const { report, windowsMoved } = await withTransaction(pool, async (client) => {
    const windows = await advanceKeywordWindows(client, nowMs);
    const states = await client.query<StoryState>({
      name: 'keyword-story-states',
      text: `SELECT s.id, s.title, s.time, s.score, s.dead OR s.synthetic AS uncounted, e.title AS counted_title, e.hour AS counted_hour, e.points AS counted_points,
                    ARRAY(SELECT k.keyword_id FROM story_keywords k WHERE k.story_id = s.id) AS counted_keyword_ids
               FROM stories s LEFT JOIN keyword_extractions e ON e.story_id = s.id
              WHERE s.id = ANY($1::int[])
              ORDER BY s.id
                FOR UPDATE OF s`,
      values: [storyIds],
    });

    const retitled: StoryState[] = [];
    const rescored: StoryState[] = [];
    for (const story of states.rows) {
      const countedTitle = story.uncounted ? null : story.title;
      if (countedTitle !== story.counted_title) retitled.push(story);
      else if (countedTitle !== null && story.score !== story.counted_points) rescored.push(story);
    }

    // Bucket changes, summed per (keyword, hour) before they are written.
    const deltas = new Map<string, BucketDelta>();
    // A story adds what its attention is worth (common/rules/keyword-trends.ts): one story and its points once it
    // has the points that say readers noticed it, nothing before. A change takes out what was added and adds what
    // the story is worth now, so a story crossing the bar is counted from then on.
    const addDelta = (contribution: Contribution, sign: 1 | -1) => {
      const attention = storyAttention(contribution.points);
      if (!attention) return;
      for (const keywordId of contribution.keywordIds) {
        const id = `${keywordId}:${contribution.hour}`;
        const entry = deltas.get(id) ?? { keywordId, hour: contribution.hour, stories: 0, points: 0 };
        entry.stories += sign * attention.stories;
        entry.points += sign * attention.points;
        deltas.set(id, entry);
      }
    };

    const retitledIds = new Set(retitled.map((story) => story.id));
    for (const story of [...retitled, ...rescored]) {
      if (story.counted_title === null) continue;
      addDelta({ hour: story.counted_hour!.getTime(), points: story.counted_points!, keywordIds: story.counted_keyword_ids }, -1);
    }
    for (const story of rescored) {
      addDelta({ hour: story.counted_hour!.getTime(), points: story.score, keywordIds: story.counted_keyword_ids }, 1);
    }

    const extracted = new Map<number, ExtractedKeyword[]>();
    // A title changed since it was extracted above (another writer in between) is extracted here.
    for (const story of retitled) if (!story.uncounted) extracted.set(story.id, extractedTitles.get(story.title) ?? extractKeywords(story.title, aliases));
    const keywordIds = await storeKeywords(client, [...extracted.values()].flat());
    for (const story of retitled) {
      const found = extracted.get(story.id);
      if (!found) continue;
      addDelta({ hour: hourOf(story.time), points: story.score, keywordIds: found.map((keyword) => keywordIds.get(keyword.key)!) }, 1);
    }
    const changed = [...deltas.values()].filter((delta) => delta.stories !== 0 || delta.points !== 0);
    await applyBucketDeltas(client, changed);
    await applyWindowDeltas(client, changed, windows.hour);
    // After every change to the windows: the move, the counts, a keyword's spelling.
    if (windows.moved || retitled.length > 0 || rescored.length > 0) await refreshKeywordAnswers(client, windows.hour);

    // What is counted now, for the next change.
    if (retitledIds.size > 0) {
      await client.query({ name: 'keyword-story-keywords-delete', text: 'DELETE FROM story_keywords WHERE story_id = ANY($1::int[])', values: [[...retitledIds]] });
      await client.query({ name: 'keyword-extractions-delete', text: 'DELETE FROM keyword_extractions WHERE story_id = ANY($1::int[])', values: [[...retitledIds]] });
      const pairs = retitled.flatMap((story) => (extracted.get(story.id) ?? []).map((keyword) => [story.id, keywordIds.get(keyword.key)!] as const));
      if (pairs.length > 0) {
        await client.query({
          name: 'keyword-story-keywords-insert',
          text: `INSERT INTO story_keywords (story_id, keyword_id) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`,
          values: [pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])],
        });
      }
    }
    const nowCounted = [...retitled.filter((story) => !story.uncounted), ...rescored];
    if (nowCounted.length > 0) {
      await client.query({
        name: 'keyword-extractions-write',
        text: `INSERT INTO keyword_extractions (story_id, title, hour, points)
         SELECT id, title, to_timestamp(hour_ms / 1000.0), points FROM unnest($1::int[], $2::text[], $3::float8[], $4::int[]) AS r(id, title, hour_ms, points)
         ON CONFLICT (story_id) DO UPDATE SET title = excluded.title, hour = excluded.hour, points = excluded.points`,
        values: [nowCounted.map((story) => story.id), nowCounted.map((story) => story.title), nowCounted.map((story) => hourOf(story.time)), nowCounted.map((story) => story.score)],
      });
    }

    const alertsFired = await fireKeywordAlerts(
      client,
      retitled.filter((story) => !story.uncounted).map((story) => story.title),
      aliases,
      nowMs,
    );
    return { report: { storiesExtracted: retitled.length, storiesRescored: rescored.length, alertsFired }, windowsMoved: windows.moved };
  });
  if (windowsMoved) await vacuumKeywordWindows(pool);
  return report;
}

/** The start of the submission hour, in milliseconds. */
function hourOf(timeSeconds: number): number {
  return hourNumber(timeSeconds * 1000) * HOUR_MS;
}

/** Creates the keywords not seen before, counts their spellings, keeps each display its most weighted spelling. */
async function storeKeywords(client: pg.PoolClient, found: ExtractedKeyword[]): Promise<Map<string, number>> {
  if (found.length === 0) return new Map();
  const spellings = new Map<string, { key: string; spelling: string; weight: number }>();
  for (const keyword of found) {
    const id = `${keyword.key}\u0000${keyword.spelling}`;
    const entry = spellings.get(id) ?? { key: keyword.key, spelling: keyword.spelling, weight: 0 };
    entry.weight += keyword.informativeCase ? INFORMATIVE_WEIGHT : 1;
    spellings.set(id, entry);
  }
  const entries = [...spellings.values()];
  const ids = await client.query<{ id: number; key: string }>({
    name: 'keyword-keywords-store',
    text: `WITH given AS (SELECT DISTINCT ON (key) key, spelling FROM unnest($1::text[], $2::text[]) AS g(key, spelling) ORDER BY key),
          inserted AS (INSERT INTO keywords (key, display) SELECT key, spelling FROM given ON CONFLICT (key) DO NOTHING RETURNING id, key)
     SELECT id, key FROM inserted UNION ALL SELECT k.id, k.key FROM keywords k JOIN given g ON g.key = k.key`,
    values: [entries.map((entry) => entry.key), entries.map((entry) => entry.spelling)],
  });
  const keywordIds = new Map(ids.rows.map((row) => [row.key, row.id]));
  const touched = [...new Set(entries.map((entry) => keywordIds.get(entry.key)!))];
  await client.query({
    name: 'keyword-spellings-add',
    text: `INSERT INTO keyword_spellings (keyword_id, spelling, weight)
     SELECT keyword_id, spelling, sum(weight) FROM unnest($1::int[], $2::text[], $3::int[]) AS s(keyword_id, spelling, weight)
      GROUP BY keyword_id, spelling
     ON CONFLICT (keyword_id, spelling) DO UPDATE SET weight = keyword_spellings.weight + excluded.weight`,
    values: [entries.map((entry) => keywordIds.get(entry.key)!), entries.map((entry) => entry.spelling), entries.map((entry) => entry.weight)],
  });
  // Not prepared: its best plan depends on the number of keywords given, so PostgreSQL would plan it every time anyway.
  await client.query({
    text: `WITH respelled AS (
       UPDATE keywords k SET display = best.spelling
         FROM (SELECT DISTINCT ON (keyword_id) keyword_id, spelling FROM keyword_spellings
                WHERE keyword_id = ANY($1::int[]) ORDER BY keyword_id, weight DESC, spelling) AS best
        WHERE k.id = best.keyword_id AND k.display IS DISTINCT FROM best.spelling
       RETURNING k.id, k.display)
     UPDATE keyword_windows w SET display = r.display FROM respelled r WHERE w.period = ANY(${WINDOW_PERIODS_SQL}) AND w.keyword_id = r.id`,
    values: [touched],
  });
  return keywordIds;
}

async function applyBucketDeltas(client: pg.PoolClient, changed: BucketDelta[]): Promise<void> {
  if (changed.length === 0) return;
  // A bucket left without stories is removed; it is rare (a title changed, a story died), so the removal is a
  // statement of its own only when there is one.
  const emptied = await client.query<{ keyword_id: number; hour: Date }>({
    name: 'keyword-hourly-add',
    text: `WITH added AS (
             INSERT INTO keyword_hourly (keyword_id, hour, stories, points)
             SELECT keyword_id, to_timestamp(hour_ms / 1000.0), stories, points
               FROM unnest($1::int[], $2::float8[], $3::int[], $4::int[]) AS d(keyword_id, hour_ms, stories, points)
             ON CONFLICT (keyword_id, hour) DO UPDATE SET stories = keyword_hourly.stories + excluded.stories,
                                                          points = keyword_hourly.points + excluded.points
             RETURNING keyword_id, hour, stories)
           SELECT keyword_id, hour FROM added WHERE stories <= 0`,
    values: [changed.map((d) => d.keywordId), changed.map((d) => d.hour), changed.map((d) => d.stories), changed.map((d) => d.points)],
  });
  if (emptied.rows.length === 0) return;
  await client.query(
    `DELETE FROM keyword_hourly h USING unnest($1::int[], $2::timestamptz[]) AS d(keyword_id, hour)
      WHERE h.keyword_id = d.keyword_id AND h.hour = d.hour AND h.stories <= 0`,
    [emptied.rows.map((row) => row.keyword_id), emptied.rows.map((row) => row.hour)],
  );
}

interface CandidateAlert {
  id: number;
  user_id: string;
  keyword: string;
  threshold: number;
}

/**
 * Fires the active alerts that the new titles mention, when the keyword is in at least `threshold` stories
 * submitted within the last 24 hours and the alert has not fired in the last 24 hours. Each firing keeps the
 * matching stories. Alerts are found by the first word of their key, so only alerts a new title could fire are read.
 */
async function fireKeywordAlerts(client: pg.PoolClient, newTitles: string[], aliases: AliasMap, nowMs: number): Promise<number> {
  if (newTitles.length === 0) return 0;
  const titleWordLists = newTitles.map((title) => titleWords(title, aliases));
  const firstWords = [...new Set(titleWordLists.flat())];
  const since = new Date(nowMs - ALERT_WINDOW_HOURS * HOUR_MS);
  const candidates = await client.query<CandidateAlert>(
    `SELECT id, user_id, keyword, threshold FROM keyword_alerts
      WHERE is_active AND split_part(match_key, ' ', 1) = ANY($1::text[]) AND (last_fired_at IS NULL OR last_fired_at <= $2)`,
    [firstWords, since],
  );
  const mentioned = candidates.rows.filter((alert) => {
    const needle = keywordKey(alert.keyword, aliases).split(' ');
    return titleWordLists.some((words) => containsWordRun(words, needle));
  });
  if (mentioned.length === 0) return 0;

  const recent = await client.query<{ id: number; title: string }>(
    `SELECT id, title FROM stories WHERE time >= $1 AND time <= $2 AND NOT dead AND NOT synthetic ORDER BY id`,
    [Math.floor(since.getTime() / 1000), Math.floor(nowMs / 1000)],
  );
  const recentWords = recent.rows.map((story) => ({ id: story.id, words: titleWords(story.title, aliases) }));
  let fired = 0;
  for (const alert of mentioned) {
    const needle = keywordKey(alert.keyword, aliases).split(' ');
    const storyIds = recentWords.filter((story) => containsWordRun(story.words, needle)).map((story) => story.id);
    if (storyIds.length < alert.threshold) continue;
    await client.query(
      `INSERT INTO keyword_alert_firings (alert_id, user_id, keyword, story_ids, fired_at) VALUES ($1, $2, $3, $4, $5)`,
      [alert.id, alert.user_id, alert.keyword, storyIds, new Date(nowMs)],
    );
    await client.query('UPDATE keyword_alerts SET last_fired_at = $2 WHERE id = $1', [alert.id, new Date(nowMs)]);
    fired++;
  }
  return fired;
}
