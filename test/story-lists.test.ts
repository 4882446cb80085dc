import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_LIST_SORTS, type StoryListQuery, type StoryListSort } from '#common/contracts/stories.ts';
import { TIME_FILTERS } from '#common/rules/time-windows.ts';
import { IndexedLists } from '../server/modules/stories/indexed-lists.ts';
import { countWhile, StoryListIndex, type IndexedStory } from '../server/modules/stories/list-index.ts';
import { presentStoryPage } from '../server/modules/stories/presenter.ts';
import { selectStoryPage, storyChangesStatement } from '../server/modules/stories/queries.ts';
import { windowHours } from '../server/modules/stories/windows.ts';
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

type StoryRowsPage = Awaited<ReturnType<typeof selectStoryPage>>;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

async function replaceStories(pool: Pick<pg.PoolClient, 'query'>, rows: Row[]): Promise<void> {
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

const indexedStory = (row: Row): IndexedStory => ({
  id: row.id,
  score: row.score,
  descendants: row.descendants,
  time: row.time,
  scoreVelocity: row.score_velocity,
  commentsVelocity: 0,
  trendingScore: row.trending_score,
  riseScore: row.rise_score,
  visible: !row.dead && !row.deleted,
  title: '',
  domain: '',
  by: '',
  hnId: row.id,
  url: '',
  synthetic: false,
  predictionProbability: null,
});

describe('the lists\' in-memory index gives the answers of a plain sort', () => {
  // Stories change in batches, as cycles change them: changed stories must leave their old places in every order.
  const batchesArbitrary = rowsArbitrary.chain((rows) =>
    fc.tuple(
      fc.constant(rows),
      fc.array(fc.array(fc.tuple(fc.integer({ min: 1, max: rows.length + 5 }), rowArbitrary), { maxLength: 15 }), { maxLength: 3 }),
    ),
  );

  it('after every batch of changes: same stories, same order, every page once, every story counted', () => {
    fc.assert(
      fc.property(batchesArbitrary, queryArbitrary, ([rows, batches], { sort, query }) => {
        const index = new StoryListIndex();
        const current = new Map(rows.map((row) => [row.id, row]));
        index.apply(rows.map(indexedStory));
        for (const batch of [[], ...batches]) {
          const changed = batch.map(([id, row]) => ({ ...row, id }));
          for (const row of changed) current.set(row.id, row);
          index.apply(changed.map(indexedStory));
          const expected = expectedList([...current.values()], sort, { ...query, page: 1 }).map((row) => row.id);
          const seen: number[] = [];
          const pages = Math.ceil(expected.length / query.limit);
          for (let page = 1; page <= pages + 1; page++) {
            const found = index.page(sort, { ...query, page }, NOW_MS);
            expect(found.totalCount).toBe(expected.length);
            seen.push(...index.idsOf(found.slots));
          }
          expect(seen).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('holds stories by slot, not by id: ids with gaps of any size cost nothing', () => {
    // Every upsert of a known story takes a value of the id sequence, so ids run far ahead of the stories.
    const rows = [2_000_000_000, 5, 1_500_000_000].map((id, i) => ({ ...manyStories(3)[i]!, id }));
    const index = new StoryListIndex();
    index.apply(rows.map(indexedStory));
    const query = { minScore: 0, page: 1, limit: 10, hours: 720, timeFilter: 'month' as const, minVelocity: 0 };
    for (const sort of STORY_LIST_SORTS) {
      expect(index.idsOf(index.page(sort, query, NOW_MS).slots)).toEqual(expectedList(rows, sort, query).map((row) => row.id));
    }
    expect(index.bytes).toBeLessThan(1_000_000);
  });

  it('counts every story and reaches the last page, when a window is sorted, when the order is walked, and at an offset', () => {
    // 12,000 stories over 100 minutes: the last hour's 7,200 are gathered and sorted, the month's are too many and
    // the sort's order is walked; over all stories, the top list and the recent list from a score floor are read at
    // their offset, and the others counted on the top order and walked to the page's end.
    const rows = manyStories(12_000);
    const index = new StoryListIndex();
    index.apply(rows.map(indexedStory));
    const lists = [
      ...(['trending', 'top', 'comments'] as const).flatMap((sort) => [[sort, 1, 0], [sort, 720, 0], [sort, 720, 6]] as const),
      ['top', undefined, 0], ['top', undefined, 5], ['recent', undefined, 4], ['recent', 1, 2], ['recent', undefined, 3], ['comments', undefined, 3],
    ] as const;
    for (const [sort, hours, minScore] of lists) {
      const query = { minScore, limit: 50, hours, timeFilter: 'month' as const, minVelocity: 0 };
      const expected = expectedList(rows, sort, { ...query, page: 1 }).map((row) => row.id);
      const last = Math.ceil(expected.length / 50);
      for (const page of [1, 2, 20, 21, last, last + 1]) {
        const found = index.page(sort, { ...query, page }, NOW_MS);
        expect(found.totalCount, `${sort} ${hours} h, page ${page}`).toBe(expected.length);
        expect(index.idsOf(found.slots)).toEqual(expected.slice((page - 1) * 50, page * 50));
      }
      // The last page holds the remainder.
      expect(index.page(sort, { ...query, page: last }, NOW_MS).slots).toHaveLength(expected.length - (last - 1) * 50);
    }
  });

  it('without its count (the feeds), finds the same page under a filter, and whether there is a next', () => {
    // A third of the stories hidden by a rule; the window of an hour (7,200 stories) and of a month (every one).
    const rows = manyStories(12_000);
    const index = new StoryListIndex();
    index.apply(rows.map(indexedStory));
    const everyThird = { size: 1, hidesId: (id: number) => id % 3 === 0, mutes: () => false };
    for (const sort of STORY_LIST_SORTS) {
      for (const [hours, minScore, showMuted] of [[1, 0, false], [720, 3, false], [undefined, 5, false], [1, 0, true]] as const) {
        const query = { minScore, limit: 50, hours, timeFilter: 'month' as const, minVelocity: 0 };
        const filter = { mutes: everyThird, showMuted };
        const counted = index.page(sort, { ...query, page: 1 }, NOW_MS, filter);
        const last = Math.max(1, Math.ceil(counted.totalCount / 50));
        for (const page of [1, 2, last, last + 1]) {
          const expected = index.page(sort, { ...query, page }, NOW_MS, filter);
          const found = index.page(sort, { ...query, page }, NOW_MS, filter, { counted: false });
          const label = `${sort} ${hours} h from ${minScore}${showMuted ? ', shown' : ''}, page ${page}`;
          expect(index.idsOf(found.slots), label).toEqual(index.idsOf(expected.slots));
          expect([...found.mutedSlots], label).toEqual([...expected.mutedSlots]);
          expect(found.totalCount > page * 50, label).toBe(expected.totalCount > page * 50);
        }
      }
    }
  });

  it('counts the start of an order that passes a test by binary search', () => {
    const order = Int32Array.from([9, 7, 7, 4, 1]);
    expect(countWhile(order, (value) => value >= 7)).toBe(3);
    expect(countWhile(order, (value) => value >= 0)).toBe(5);
    expect(countWhile(order, (value) => value >= 10)).toBe(0);
    expect(countWhile(new Int32Array(0), () => true)).toBe(0);
  });
});

/** Stories over the last 100 minutes, with every key repeating so that ties are common. */
function manyStories(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
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
}

describe('story lists read from their indexes give the answers of a plain sort', () => {
  let db: TestDatabase;
  let indexed: IndexedLists;

  beforeAll(async () => {
    // The tests replace thousands of stories between them (a delete cascading to their snapshots): on a busy machine
    // that setup can outlast the product's 15 s statement timeout, which is about requests, not test fixtures.
    db = await createTestDatabase({ DATABASE_STATEMENT_TIMEOUT_MS: 60_000 });
    indexed = new IndexedLists(db.database.pool);
    await indexed.startIndexing();
  });
  afterAll(async () => db?.close());

  /** The in-memory index's answer, which must be the statement's to the byte. */
  const expectIndexedPage = async (sort: StoryListSort, query: StoryListQuery, rows: StoryRowsPage) => {
    const json = (await indexed.page(sort, query, NOW_MS))?.toString();
    expect(json).toBe(JSON.stringify(presentStoryPage(rows.rows, rows.totalCount, query.page, query.limit, NOW_MS)));
  };

  it('same stories, same order, every page once, counted as documented; the in-memory index answers the same', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArbitrary, queryArbitrary, async (rows, { sort, query }) => {
        await replaceStories(db.database.pool, rows);
        // The stories were deleted and stored again: the index reads them all again.
        await indexed.catchUp();
        const expected = expectedList(rows, sort, { ...query, page: 1 });
        const pages = Math.ceil(expected.length / query.limit);
        const seen: number[] = [];
        // Every page, and the first page past the end.
        for (let page = 1; page <= pages + 1; page++) {
          const found = await selectStoryPage(db.database.pool, sort, { ...query, page }, NOW_MS);
          const { rows: got, totalCount } = found;
          expect(totalCount).toBe(expected.length);
          const presented = presentStoryPage(got, totalCount, page, query.limit, NOW_MS);
          expect(presented.hasNext).toBe(page < pages);
          expect(presented.totalPages).toBe(pages);
          seen.push(...got.map((row) => row.id));
          await expectIndexedPage(sort, { ...query, page }, found);
        }
        expect(seen).toEqual(expected.map((row) => row.id));
      }),
      { numRuns: 60 },
    );
  });

  it('the index follows every change to the stories, whoever makes it, and the changed stories\' JSON with it', async () => {
    const rows = manyStories(300);
    await replaceStories(db.database.pool, rows);
    await indexed.catchUp();
    const query = { minScore: 0, page: 1, limit: 20, hours: 720, timeFilter: 'month' as const, minVelocity: 0 };
    const compare = async () => {
      await indexed.catchUp();
      for (const sort of STORY_LIST_SORTS) {
        for (const page of [1, 2]) await expectIndexedPage(sort, { ...query, page }, await selectStoryPage(db.database.pool, sort, { ...query, page }, NOW_MS));
      }
    };
    await compare();
    const pool = db.database.pool;
    await pool.query(`UPDATE stories SET score = 1000 + id, descendants = 50, trending_score = 99 WHERE id % 50 = 7`);
    await compare();
    await pool.query(`UPDATE stories SET hidden = true WHERE id IN (SELECT id FROM stories ORDER BY score DESC LIMIT 2)`);
    await compare();
    await pool.query(`UPDATE stories SET title = 'A new title', rise_score = 3, score_velocity = 4 WHERE id = 57`);
    await compare();
    expect((await indexed.page('fast-risers', query, NOW_MS))?.toString()).toContain('"title":"A new title"');
    await pool.query(`INSERT INTO stories (id, hn_id, title, time, score) VALUES (5000, 5000, 'Just in', ${NOW_SECONDS}, 7000)`);
    await compare();
    expect(JSON.parse((await indexed.page('top', query, NOW_MS))!.toString()).stories[0].title).toBe('Just in');
  });

  it("a story's age is its age when the page is asked", async () => {
    await replaceStories(db.database.pool, manyStories(3));
    await indexed.catchUp();
    const query = { minScore: 0, page: 1, limit: 1, hours: 720, timeFilter: 'month' as const, minVelocity: 0 };
    const ageAt = async (nowMs: number) => JSON.parse((await indexed.page('recent', query, nowMs))!.toString()).stories[0].timeAgo as string;
    expect(await ageAt(NOW_MS + 30_000)).toBe('just now');
    expect(await ageAt(NOW_MS + 70_000)).toBe('1 minute ago');
    expect(await ageAt(NOW_MS + 3 * 60_000)).toBe('3 minutes ago');
  });

  it('answers pages of any depth, and searches, without a statement once the index has loaded', async () => {
    await replaceStories(db.database.pool, manyStories(400));
    await indexed.catchUp();
    // A second index over the same database, whose statements are counted.
    const pool = db.database.pool;
    let statements = 0;
    const counting = new Proxy(pool, {
      get: (target, name) =>
        name === 'query'
          ? (...args: unknown[]) => {
              statements++;
              return (target.query as (...args: unknown[]) => unknown)(...args);
            }
          : Reflect.get(target, name),
    });
    const fresh = new IndexedLists(counting);
    await fresh.startIndexing();
    statements = 0;
    const query = { minScore: 0, limit: 10, timeFilter: 'month' as const, minVelocity: 0 };
    const pages = [1, 7, 13, 20, 40];
    const together = await Promise.all(pages.map((page) => fresh.page('top', { ...query, page }, NOW_MS)));
    expect(statements).toBe(0);
    for (const [i, page] of pages.entries()) expect(together[i]).toEqual(await indexed.page('top', { ...query, page }, NOW_MS));
    expect(JSON.parse(together[4]!.toString()).stories).toHaveLength(10);
  });

  it('reads what changed through its index, planned for few stories even before the column has statistics', async () => {
    // Rolled back, not deleted: deleting 20,000 stories (their title words and twenty references each) takes the
    // embedded database seconds, which the next test would pay.
    const client = await db.database.pool.connect();
    const explained = await (async () => {
      try {
        await client.query('BEGIN');
        await replaceStories(client, manyStories(20_000));
        const { text, values } = storyChangesStatement('1');
        return await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({ text: `EXPLAIN (FORMAT JSON) ${text}`, values });
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    })();
    const scans = planNodes(explained.rows[0]!['QUERY PLAN'][0].Plan).filter((node) => node['Relation Name'] === 'stories');
    expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    // A third of the table, as with one end of the range in view, made PostgreSQL compile the plan with JIT.
    for (const scan of scans) expect(scan['Plan Rows']).toBeLessThanOrEqual(200);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('a change committed after the index looked, by a transaction open when it looked, is read the next time', async () => {
    await replaceStories(db.database.pool, manyStories(50));
    await indexed.catchUp();
    const writer = await db.database.pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('UPDATE stories SET score = 9999 WHERE id = 3');
      // A later transaction commits first, so the open one is not the newest.
      await db.database.pool.query('UPDATE stories SET score = 8888 WHERE id = 4');
      await indexed.catchUp();
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    await indexed.catchUp();
    const top = JSON.parse((await indexed.page('top', { minScore: 0, page: 1, limit: 2, timeFilter: 'month', minVelocity: 0 }, NOW_MS))!.toString());
    expect(top.stories).toMatchObject([{ id: 3, score: 9999 }, { id: 4, score: 8888 }]);
  });

  // 1,234 stories over 100 minutes: more than a probe reads, so a month's list walks its sort's index, and the last
  // hour's reads its window and sorts it (server/modules/stories/queries.ts, listShape).
  it.each(['trending', 'top', 'comments'] as const)(
    `%s: counts every story and pages on to the last`,
    async (sort) => {
      const rows = manyStories(1234);
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
          expect(totalCount).toBe(expected.length);
          expect(presentStoryPage(got, totalCount, page, 50, NOW_MS).hasNext).toBe(page < pages);
          seen.push(...got.map((row) => row.id));
        }
        if (hours === 720) expect(new Set(counts)).toEqual(new Set([1234]));
        expect(seen).toEqual(expected);
      }
    },
  );
});
