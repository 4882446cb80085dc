import pg from 'pg';
import { StoryListIndex } from '../server/modules/stories/list-index.ts';
import { selectIndexedStories } from '../server/modules/stories/queries.ts';
import '../server/db/index.ts';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench_api' });
const index = new StoryListIndex();
let after = 0; const all = [];
let t = performance.now(); let applyMs = 0;
for (;;) { const run = await selectIndexedStories(pool, after, 10000); all.push(...run); if (run.length < 10000) break; after = run.at(-1)!.id; }
{const a = performance.now(); index.apply(all); applyMs += performance.now() - a;}
console.log('load', (performance.now() - t).toFixed(0), 'ms, of which apply', applyMs.toFixed(0));
for (const n of [100, 3000, 10000]) {
  const changes = all.slice(-n).map((s) => ({ ...s, score: s.score + 1, trendingScore: s.trendingScore * 0.9 }));
  t = performance.now(); index.apply(changes); console.log('apply', n, (performance.now() - t).toFixed(1), 'ms');
}
await pool.end();
