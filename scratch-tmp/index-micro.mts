import pg from 'pg';
import { StoryListIndex } from '../server/modules/stories/list-index.ts';
import { selectIndexedStories } from '../server/modules/stories/queries.ts';
import { storyListQuerySchema, STORY_LIST_SORTS } from '../common/contracts/stories.ts';
import { coldPath } from '../bench/api/run.ts';
import '../server/db/index.ts';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench_api' });
const index = new StoryListIndex();
let after = 0;
for (;;) { const run = await selectIndexedStories(pool, after, 10000); index.apply(run); if (run.length < 10000) break; after = run.at(-1)!.id; }
console.log('size', index.size);
const now = Date.now();
for (const sort of STORY_LIST_SORTS) {
  const queries = Array.from({ length: 3000 }, (_, n) => storyListQuerySchema.parse(Object.fromEntries(new URL('http://x' + coldPath(sort, n)).searchParams)));
  for (let round = 0; round < 2; round++) {
    const t0 = performance.now();
    let worst = 0; let worstQ: unknown = null;
    for (const q of queries) { const a = performance.now(); index.page(sort, q, now); const d = performance.now() - a; if (d > worst) { worst = d; worstQ = q; } }
    if (round) console.log(sort, ((performance.now() - t0) / queries.length * 1000).toFixed(1), 'us/page, worst', (worst * 1000).toFixed(0), JSON.stringify(worstQ));
  }
}
await pool.end();
