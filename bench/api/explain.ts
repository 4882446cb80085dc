/**
 * `node --import tsx bench/api/explain.ts`: the plans of the story lists' statements on a seeded database
 * (bench/api's, kept with BENCH_DATA_DIR, or PostgreSQL at DATABASE_URL). Prints EXPLAIN ANALYZE of each sort's
 * statement (page and total) for the web app's default view, then the slowest of a sweep over every sort, window,
 * min score 0/10/100/500 and pages 1 and 20 (each the faster of two runs, as the machine is shared). The statements
 * hide their values from the planner, so these plans are the generic plans the prepared statements keep; the
 * planning time EXPLAIN reports is what preparing them saves on every request after the fifth.
 */
import { STORY_LIST_SORTS, type StoryListQuery, type StoryListSort } from '#common/contracts/stories.ts';
import { TIME_FILTERS, timeFilterHours } from '#common/rules/time-windows.ts';
import { openDatabase } from '../../server/db/index.ts';
import { listShape, storyListStatement } from '../../server/modules/stories/queries.ts';
import { windowHours } from '../../server/modules/stories/windows.ts';

const database = await openDatabase({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: process.env.BENCH_DATA_DIR ?? './data',
  DATABASE_POOL_SIZE: 1,
  EMBEDDED_DATABASE_CACHE_MB: Number(process.env.EMBEDDED_DATABASE_CACHE_MB ?? 1024),
});
const pool = database.pool;
const nowMs = Date.now();

function query(sort: StoryListSort, filter: (typeof TIME_FILTERS)[number], minScore: number, page: number): StoryListQuery {
  const hours = sort === 'trending' ? undefined : timeFilterHours(filter);
  return { minScore, page, limit: 50, hours, timeFilter: filter, minVelocity: sort === 'fast-risers' ? 5 : 0 };
}

async function explain(statement: { text: string; values: unknown[] }, analyze: 'text' | 'json') {
  const format = analyze === 'json' ? ', FORMAT JSON' : '';
  const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS${format}) ${statement.text}`, statement.values);
  return result.rows.map((row: Record<string, unknown>) => row['QUERY PLAN']);
}

console.log(`${database.embedded ? 'embedded database' : 'PostgreSQL'}, ${(await pool.query('SELECT count(*)::int AS n FROM stories')).rows[0].n} stories\n`);
for (const sort of STORY_LIST_SORTS) {
  // The web app's default view: min score 10, last 3 days, page 1 (fast risers: 5 points an hour).
  const defaultView = query(sort, '3d', 10, 1);
  const statement = storyListStatement(sort, defaultView, nowMs);
  const shape = listShape(sort, windowHours(sort, defaultView));
  console.log(`-- ${sort} (${shape}), min score 10, last 3 days, page 1\n${(await explain(statement, 'text')).join('\n')}\n`);
}

const timings: { name: string; ms: number }[] = [];
for (const sort of STORY_LIST_SORTS) {
  for (const filter of TIME_FILTERS) {
    for (const minScore of [0, 10, 100, 500]) {
      for (const page of [1, 20]) {
        const statement = storyListStatement(sort, query(sort, filter, minScore, page), nowMs);
        let ms = Infinity;
        for (let run = 0; run < 2; run++) {
          const [plan] = (await explain(statement, 'json'))[0] as [{ 'Execution Time': number }];
          ms = Math.min(ms, plan['Execution Time']);
        }
        timings.push({ name: `${sort} ${filter} minScore=${minScore} page=${page}`, ms });
      }
    }
  }
}
timings.sort((a, b) => b.ms - a.ms);
const at = (q: number) => timings[Math.floor((timings.length - 1) * q)]!.ms.toFixed(2);
console.log(`sweep: ${timings.length} statements; median ${at(0.5)} ms, p90 ${at(0.1)} ms, slowest:`);
for (const t of timings.slice(0, 10)) console.log(`${t.ms.toFixed(2).padStart(9)} ms  ${t.name}`);
await database.close();
