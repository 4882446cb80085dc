import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_LIST_SORTS, type StoryListQuery, type StoryListSort } from '../common/contracts/stories.ts';
import { LIST_TOTAL_BOUND, listTotalBound } from '../common/rules/list-total.ts';
import { TIME_FILTERS } from '../common/rules/time-windows.ts';
import { presentStoryPage } from '../server/modules/stories/presenter.ts';
import { selectStoryPage, windowHours } from '../server/modules/stories/queries.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

const NOW_MS = Date.UTC(2026, 10, 23, 12);
const NOW_SECONDS = NOW_MS / 1000;

interface Row {
  id: number;
  time: number;
  score: number;
  descendants: number;
  score_velocity: number;
  trending_score: number;
  rise_score: number;
  dead: boolean;
  deleted: boolean;
}

/** The lists' rules written plainly: filter the rows, sort them by the sort's keys, ties by id, newest id first. */
function expectedList(rows: Row[], sort: StoryListSort, query: StoryListQuery): Row[] {
  const hours = windowHours(sort, query);
  const keys: Record<StoryListSort, (row: Row) => number[]> = {
    trending: (row) => [row.trending_score, row.score, row.id],
    top: (row) => [row.score, row.id],
    comments: (row) => [row.descendants, row.id],
    recent: (row) => [row.time, row.id],
    'fast-risers': (row) => [row.rise_score, row.id],
  };
  return rows
    .filter((row) => !row.dead && !row.deleted && row.score >= query.minScore)
    .filter((row) => hours === null || row.time >= NOW_SECONDS - hours * 3600)
    .filter((row) => sort !== 'fast-risers' || (row.rise_score > 0 && row.score_velocity >= query.minVelocity))
    .sort((a, b) => {
      const [ka, kb] = [keys[sort](a), keys[sort](b)];
      const differs = ka.findIndex((value, i) => value !== kb[i]);
      return differs === -1 ? 0 : kb[differs]! - ka[differs]!;
    });
}

async function replaceStories(pool: TestDatabase['database']['pool'], rows: Row[]): Promise<void> {
  await pool.query('DELETE FROM stories');
  await pool.query(
    `INSERT INTO stories (id, hn_id, title, time, score, descendants, score_velocity, trending_score, rise_score, dead, deleted)
     SELECT id, id, 'Story ' || id, time, score, descendants, score_velocity, trending_score, rise_score, dead, deleted
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, time bigint, score int, descendants int, score_velocity float8,
                                               trending_score float8, rise_score float8, dead bool, deleted bool)`,
    [JSON.stringify(rows)],
  );
}

// Few distinct values, so ties on every key are common and the tie-breakers decide.
const rowArbitrary = fc.record({
  time: fc.integer({ min: 0, max: 24 * 20 }).map((halfHours) => NOW_SECONDS - halfHours * 1800),
  score: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom(100, 500, 501)),
  descendants: fc.integer({ min: 0, max: 4 }),
  score_velocity: fc.constantFrom(0, 3, 5, 10),
  trending_score: fc.constantFrom(0, 0, 0.5, 1.25, 7),
  rise_score: fc.constantFrom(0, 0, 1, 2.5),
  // About one story in ten dead, one in ten deleted.
  dead: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  deleted: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});
const rowsArbitrary = fc
  .array(rowArbitrary, { minLength: 10, maxLength: 60, size: 'max' })
  .map((rows) => rows.map((row, i) => ({ ...row, id: i + 1 })));
const queryArbitrary = fc.record({
  sort: fc.constantFrom(...STORY_LIST_SORTS),
  query: fc.record(
    {
      minScore: fc.constantFrom(0, 0, 1, 3, 100, 500),
      limit: fc.integer({ min: 1, max: 12 }),
      hours: fc.constantFrom(1, 6, 24, 72, 720, 720),
      timeFilter: fc.constantFrom(...TIME_FILTERS),
      minVelocity: fc.constantFrom(0, 5),
    },
    { requiredKeys: ['minScore', 'limit', 'timeFilter', 'minVelocity'] },
  ),
});

describe('story lists read from their indexes give the answers of a plain sort', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.close());

  it('same stories, same order, every page once, counted as documented', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArbitrary, queryArbitrary, async (rows, { sort, query }) => {
        await replaceStories(db.database.pool, rows);
        const expected = expectedList(rows, sort, { ...query, page: 1 });
        const pages = Math.ceil(expected.length / query.limit);
        const seen: number[] = [];
        // Every page, and the first page past the end.
        for (let page = 1; page <= pages + 1; page++) {
          const { rows: got, totalCount } = await selectStoryPage(db.database.pool, sort, { ...query, page }, NOW_MS);
          expect(totalCount).toBe(expected.length);
          const presented = presentStoryPage(got, totalCount, page, query.limit, NOW_MS);
          expect(presented.hasNext).toBe(page < pages);
          expect(presented.totalPages).toBe(pages);
          seen.push(...got.map((row) => row.id));
        }
        expect(seen).toEqual(expected.map((row) => row.id));
      }),
      { numRuns: 60 },
    );
  });

  // 1,234 stories over 100 minutes: more than the bound, so a month's list walks its sort's index, and the last
  // hour's reads its window and sorts it (server/modules/stories/queries.ts, listShape).
  it.each(['trending', 'top', 'comments'] as const)(
    `%s: counts up to ${LIST_TOTAL_BOUND} stories, or past the next page, and pages on through the rest`,
    async (sort) => {
      const rows: Row[] = Array.from({ length: 1234 }, (_, i) => ({
        id: i + 1,
        time: NOW_SECONDS - (i % 100) * 60,
        score: i % 7,
        descendants: i % 3,
        score_velocity: 0,
        trending_score: i % 5,
        rise_score: 0,
        dead: false,
        deleted: false,
      }));
      await replaceStories(db.database.pool, rows);
      for (const hours of [720, 1]) {
        const query = { minScore: 0, limit: 50, hours, timeFilter: 'month' as const, minVelocity: 0 };
        const expected = expectedList(rows, sort, { ...query, page: 1 }).map((row) => row.id);
        const counts: number[] = [];
        const seen: number[] = [];
        const pages = Math.ceil(expected.length / 50);
        for (let page = 1; page <= pages; page++) {
          const { rows: got, totalCount } = await selectStoryPage(db.database.pool, sort, { ...query, page }, NOW_MS);
          counts.push(totalCount);
          expect(totalCount).toBe(Math.min(expected.length, listTotalBound(page, 50)));
          expect(presentStoryPage(got, totalCount, page, 50, NOW_MS).hasNext).toBe(page < pages);
          seen.push(...got.map((row) => row.id));
        }
        if (hours === 720) {
          expect(counts.slice(0, 3)).toEqual([1000, 1000, 1000]);
          expect(counts.slice(-3)).toEqual([1200, 1234, 1234]);
        }
        expect(seen).toEqual(expected);
      }
    },
  );
});
