import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyPageSchema } from '#common/contracts/stories.ts';
import { createTestApp, type TestApp } from './support/app.ts';

const NOW = Date.now();
const nowSeconds = Math.floor(NOW / 1000);
/** More stories than lists used to count (a thousand, or the end of the next page), and not a multiple of a page. */
const STORIES = 2345;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  // Story g: g minutes old, score g % 40 + 1, comments g % 7: every list over two days holds all of them.
  await t.db.database.pool.query(
    `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants, trending_score)
     SELECT g, 'Story ' || g, 'https://example.com/' || g, 'example.com', 'someone', $1::bigint - g * 60, g % 40 + 1, g % 7, g % 11
       FROM generate_series(1, $2::int) AS g`,
    [nowSeconds, STORIES],
  );
});
afterAll(async () => t?.close());

async function list(path: string) {
  const response = await t.app.server.inject({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  return storyPageSchema.parse(response.json());
}

describe('story lists count every story, and the last page holds the rest', () => {
  /** How many of the seeded stories have at least a score. */
  const withScore = (minScore: number) => Array.from({ length: STORIES }, (_, i) => ((i + 1) % 40) + 1).filter((score) => score >= minScore).length;

  it.each([
    ['/api/stories/top?minScore=0', STORIES],
    ['/api/stories/top?minScore=10', withScore(10)],
    ['/api/stories/top?minScore=0&hours=72', STORIES],
    ['/api/stories/comments?minScore=0', STORIES],
    ['/api/stories/recent?minScore=0&hours=72', STORIES],
    ['/api/stories/recent?minScore=5&hours=72', withScore(5)],
    ['/api/stories/trending?minScore=0&timeFilter=3d', STORIES],
  ])('%s: %i stories', async (path, total) => {
    const totalPages = Math.ceil(total / 50);
    expect(totalPages).toBeGreaterThan(1000 / 50 + 1);
    const first = await list(`${path}&limit=50`);
    expect(first).toMatchObject({ count: 50, totalCount: total, totalPages, hasNext: true });
    const last = await list(`${path}&limit=50&page=${totalPages}`);
    expect(last).toMatchObject({ count: total - (totalPages - 1) * 50, totalCount: total, totalPages, hasNext: false, hasPrevious: true });
    const beyond = await list(`${path}&limit=50&page=${totalPages + 1}`);
    expect(beyond).toMatchObject({ count: 0, totalCount: total, totalPages });
  });

  it('the top list\'s last page holds the last of its lowest scores', async () => {
    const last = await list(`/api/stories/top?minScore=0&limit=50&page=${Math.ceil(STORIES / 50)}`);
    // Score 1 is every fortieth story (g % 40 = 0), ties by id, the highest (here the largest g) first; the page
    // holds the last 45 of them.
    const scoreOne = Array.from({ length: Math.floor(STORIES / 40) }, (_, i) => (i + 1) * 40).reverse();
    expect(last.stories.map((story) => story.hnId)).toEqual(scoreOne.slice(-45));
  });
});
