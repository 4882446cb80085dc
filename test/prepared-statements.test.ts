import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYWORD_PERIODS } from '#common/rules/keyword-trends.ts';
import { AccountsService } from '../server/modules/accounts/service.ts';
import { createSessionLookup } from '../server/modules/accounts/session-lookup.ts';
import { AnnouncementsService } from '../server/modules/announcements/service.ts';
import { EmailControlsService } from '../server/modules/email/controls.ts';
import { KeywordAlertsService } from '../server/modules/keywords/alerts.ts';
import { indexStoryKeywords } from '../server/modules/keywords/ingest.ts';
import { KeywordsService } from '../server/modules/keywords/service.ts';
import { TREND_CALL_THRESHOLD } from '#common/rules/predictions.ts';
import {
  selectAccuracy,
  selectCallFigures,
  selectDailyCalls,
  selectDailySums,
  selectOutcomes,
  selectPredictionGeneration,
  selectPredictionPage,
  selectTopDomains,
} from '../server/modules/predictions/queries.ts';
import { STORY_LIST_SORTS } from '#common/contracts/stories.ts';
import { StoryHistoryService } from '../server/modules/stories/history.ts';
import { selectStoryPage } from '../server/modules/stories/queries.ts';
import { selectSuggestions } from '../server/modules/search/queries.ts';
import { SettingsService } from '../server/modules/settings/service.ts';
import { selectAllStatuses, selectStatuses } from '../server/modules/story-statuses/queries.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * The hot reads are prepared statements so that they are not parsed and planned for every request. PostgreSQL plans
 * a prepared statement afresh for its first five executions, then keeps one generic plan unless that plan looks
 * dearer than the fresh ones; a statement that never settles is planned every time, and preparing it gained
 * nothing (a LIMIT given as a value did that: docs/performance.md, "Prepared statements"). One connection, so
 * pg_prepared_statements lists that connection's statements on PostgreSQL, and the session's on the embedded one.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ DATABASE_POOL_SIZE: 1 });
  // Tables of some size, so the planner weighs real plans: on empty ones every plan costs nothing and any is kept.
  const hours = Array.from({ length: 24 }, (_, hour) => `hour_${hour}`);
  await t.database.pool.query(`
    INSERT INTO prediction_domains (domain, predictions, verified, accurate)
      SELECT 'site' || g || '.example', g % 50 + 1, g % 50, g % 25 FROM generate_series(1, 5000) AS g;
    INSERT INTO stories (hn_id, title, url, domain, by, time, score)
      SELECT 100000 + g, 'Story ' || g, '', '', 'someone', 1700000000 + g * 60, g % 300 FROM generate_series(1, 4000) AS g;
    INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version,
                             verified_at, score_at_horizon, reached_target, accurate)
      SELECT id, to_timestamp(time), 0.3, 'low', 10, 1, 'test', CASE WHEN id % 4 > 0 THEN to_timestamp(time + 21600) END,
             CASE WHEN id % 4 > 0 THEN score END, CASE WHEN id % 4 > 0 THEN score >= 300 END, CASE WHEN id % 4 > 0 THEN true END
        FROM stories;
    INSERT INTO keywords (key, display) SELECT 'topic' || g, 'Topic' || g FROM generate_series(1, 5000) AS g;
    INSERT INTO keyword_windows (period, keyword_id, key, display, phrase, stories, points, previous, usual_1, usual_2, usual_3, usual_4, ${hours.join(', ')})
      SELECT period, id, key, display, false, 1 + id % 40, id % 500, id % 30, id % 7, id % 5, id % 9, id % 3, ${hours.map((_, hour) => `(id + ${hour}) % 3`).join(', ')}
        FROM keywords, (VALUES (1), (6), (24), (168)) AS periods(period);
    ANALYZE;`);
}, 120_000);
afterAll(async () => t?.close());

const EXECUTIONS = 8;
const HOUR_MS = 3600_000;

describe('prepared statements', () => {
  it('settle on one generic plan, so the reads they serve are not planned again', async () => {
    const pool = t.database.pool;
    const nowMs = Date.UTC(2026, 0, 15, 12);
    const keywords = new KeywordsService(pool, () => nowMs);
    const histories = new StoryHistoryService(pool, () => nowMs);
    const storyIds = (await pool.query<{ id: number }>('SELECT id FROM stories ORDER BY id LIMIT $1', [EXECUTIONS])).rows.map((row) => row.id);
    const secret = 'a secret of the test, long enough for an HMAC';
    const token = 'a-session-token-nobody-has';
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    const lookup = createSessionLookup({
      pool,
      secret,
      cookieName: 'session',
      expiresInSeconds: 3600,
      updateAgeSeconds: 600,
      fallback: async () => null,
    });
    // The signed-in home's own reads, asked on every page (server/web.ts gathers them).
    const settings = new SettingsService(pool);
    const announcements = new AnnouncementsService(pool);
    const alerts = new KeywordAlertsService(pool);
    const accounts = new AccountsService(t.database.db, new EmailControlsService(t.database.db, t.database.pool, Date.now), settings);
    for (let i = 0; i < EXECUTIONS; i++) {
      await settings.maintenanceMode();
      await announcements.active(i % 2 ? 'someone' : null);
      await alerts.list('someone');
      await accounts.preferences('someone');
      // Suggestions: two letters (a common pair, a rare one) and longer texts (frequent, rare, absent).
      for (const text of [['st', 'qz'], ['story', 'ory 1', 'zebra']][i % 2]!) await selectSuggestions(pool, text);
      await selectPredictionPage(pool, { page: 1 + (i % 5), limit: 25, view: i % 2 ? 'calls' : 'not-expected' }, nowMs, TREND_CALL_THRESHOLD);
      await selectCallFigures(pool, new Date(nowMs - (1 + i * 90) * HOUR_MS));
      await selectDailyCalls(pool, new Date(nowMs - 30 * 24 * HOUR_MS));
      await selectAccuracy(pool, new Date(nowMs - (1 + i * 90) * HOUR_MS));
      await selectDailySums(pool, new Date(nowMs - 30 * 24 * HOUR_MS));
      await selectTopDomains(pool, 10);
      await selectOutcomes(pool, 20);
      await selectPredictionGeneration(pool);
      await keywords.trending(KEYWORD_PERIODS[i % KEYWORD_PERIODS.length]!, 20);
      await keywords.trends(KEYWORD_PERIODS[i % KEYWORD_PERIODS.length]!);
      await keywords.hourlyPatterns('24h', 'UTC');
      await selectAllStatuses(pool, 'someone', [1, 2, 3 + i]);
      await histories.history(storyIds[i]!);
      await selectStatuses(pool, 'bookmarks', 'someone', [1, 2, 3 + i]);
      // Every list shape (a short window, a long one, all stories), at another min score and page each time.
      for (const sort of STORY_LIST_SORTS) {
        for (const timeFilter of ['6h', 'month'] as const) {
          const query = { minScore: (i * 37) % 500, page: 1 + (i % 20), limit: 50, timeFilter, minVelocity: i % 10 };
          await selectStoryPage(pool, sort, { ...query, hours: timeFilter === '6h' ? 6 : 720 }, nowMs);
          if (sort !== 'trending') await selectStoryPage(pool, sort, query, nowMs);
        }
      }
      expect(await lookup(`session=${encodeURIComponent(`${token}.${signature}`)}`)).toBeNull();
      // An ingestion cycle's keyword counting: a new story, and stories whose scores moved.
      const added = await pool.query<{ id: number }>(
        `INSERT INTO stories (hn_id, title, url, domain, by, time, score) VALUES ($1, $2, '', '', 'someone', $3, 1) RETURNING id`,
        [900000 + i, `Kubernetes operators in Rust, part ${i}`, Math.floor(nowMs / 1000) - 600],
      );
      const rescored = await pool.query<{ id: number }>('UPDATE stories SET score = score + 1 WHERE id % 500 = $1 RETURNING id', [i]);
      await indexStoryKeywords(pool, [added.rows[0]!.id, ...rescored.rows.map((row) => row.id)], nowMs);
    }
    const prepared = await pool.query<{ statement: string; generic_plans: string; custom_plans: string }>(
      'SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements',
    );
    expect(prepared.rows.length).toBeGreaterThanOrEqual(25);
    // The signed-in home's reads, the story page's and the suggestions, by text: the embedded database's session
    // server gives statements names of its own.
    const statements = prepared.rows.map((row) => row.statement);
    for (const read of ['FROM settings WHERE key', 'FROM announcements a', 'FROM keyword_aliases', 'from "user_preferences"', 'FROM bookmarks WHERE user_id', 'FROM title_word_pairs', 'walked AS', 'FROM story_snapshots']) {
      expect(statements.some((statement) => statement.includes(read)), read).toBe(true);
    }
    const neverSettled = prepared.rows.filter((row) => Number(row.generic_plans) === 0 && Number(row.custom_plans) >= EXECUTIONS);
    expect(neverSettled.map((row) => row.statement.replace(/\s+/g, ' ').slice(0, 120))).toEqual([]);
  });
});
