import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { sendJsonText } from '../server/http/json-text.ts';

/** New stories a day: about Hacker News's rate, so 500,000 stories span a year and 50,000 about five weeks. */
export const STORIES_PER_DAY = 1_370;

export interface SeedOptions {
  stories: number;
  /** Snapshots in all, spread evenly over the stories (10,000,000 for 500,000 stories is 20 each). */
  snapshots: number;
  firstHnId?: number;
  /** The newest story's submission time, unix seconds. */
  nowSeconds: number;
  /** False: no story is still gaining (no velocities), as for stories seeded long before the replayed day. */
  withMomentum?: boolean;
}

/**
 * Seeds the benchmark's stories and snapshots into an empty database (a kept one is reused: seeding takes minutes),
 * then records one finished ingestion cycle, as production has: the list cache keys on it.
 */
export async function seedOnce(pool: pg.Pool, options: SeedOptions): Promise<void> {
  const existing = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM stories');
  if ((existing.rows[0]?.n ?? 0) === 0) {
    const started = Date.now();
    // Seeding's big statements run for longer than PostgreSQL's statement timeout, which is meant for requests.
    const client = await pool.connect();
    try {
      await client.query('SET statement_timeout = 0');
      await seedBenchmarkData(client, options);
    } finally {
      client.release();
    }
    process.stderr.write(`seeded ${options.stories} stories and ${options.snapshots} snapshots in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  await pool.query(`INSERT INTO ingestion_cycles (reason, instance, started_at, finished_at, status) VALUES ('bench', 'bench', now(), now(), 'ok')`);
}

/**
 * Fills the database with stories submitted at STORIES_PER_DAY up to `nowSeconds`, and their snapshots,
 * entirely in SQL (INSERT ... SELECT over generate_series), fast on both databases.
 *
 * Scores follow Hacker News's heavy tail: a Pareto distribution with P(score >= s) = s^-0.8, capped at 8,000, so on
 * the seeded table 43 % of stories have 1 point, 16 % at least 10, 2.5 % at least 100 and 0.4 % at least 1,000;
 * stories younger than a day have only part of their final score. Comments are 0.2 to 1.5 per point. Stories of the
 * last two days have velocities, a trending score and (last day) a rise score from docs/algorithms.md's formulas
 * (without the upvote ratio) and their age; older stories have stopped moving (all zero), as ingestion leaves them.
 * One story in 97 is dead or deleted.
 * Pseudo-random values come from multiplicative hashes of the story's number, so every run seeds the same rows.
 */
export async function seedBenchmarkData(pool: pg.Pool | pg.ClientBase, options: SeedOptions): Promise<void> {
  const first = options.firstHnId ?? 30_000_000;
  const momentum = options.withMomentum ?? true;
  await pool.query(
    `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants, score_velocity, comments_velocity,
                          trending_score, rise_score, dead, deleted)
     SELECT $1 + g, title, url, domain, by, time, score, descendants, sv, cv,
            CASE WHEN age_h < 48 THEN (sv + 0.5 * cv) / power((age_h + 2) / 2, 0.8) ELSE 0 END,
            CASE WHEN age_h < 24 THEN sv / sqrt(greatest(age_h, 0.5)) ELSE 0 END,
            g % 97 = 0, g % 194 = 0
       FROM (SELECT g, title, url, domain, by, time, age_h, score, descendants,
                    CASE WHEN $4 AND age_h < 48 THEN score / greatest(age_h, 0.5) * (0.3 + u2) ELSE 0 END AS sv,
                    CASE WHEN $4 AND age_h < 48 THEN descendants / greatest(age_h, 0.5) * (0.3 + u2) ELSE 0 END AS cv
               FROM (SELECT g, u2, age_h,
                            'Benchmark story number ' || g || ' about ' || (ARRAY['Rust','Postgres','startups','AI','TypeScript','space'])[1 + g % 6] AS title,
                            'https://site' || (g % 500) || '.example.com/post/' || g AS url,
                            'site' || (g % 500) || '.example.com' AS domain,
                            'user' || (g % 3000) AS by,
                            time,
                            greatest(1, floor(least(8000, power(u1, -1 / 0.8)) * sqrt(least(1, age_h / 24))))::int AS score,
                            floor(least(8000, power(u1, -1 / 0.8)) * (0.2 + 1.3 * u2))::int AS descendants
                       FROM (SELECT g,
                                    ((g * 2654435761) % 4294967291 + 1) / 4294967292.0 AS u1,
                                    ((g * 40503) % 65521) / 65521.0 AS u2,
                                    $2 - (g - 1) * 86400 / $5 AS time,
                                    (g - 1) * 24.0 / $5 AS age_h
                               FROM generate_series(1::bigint, $3::bigint) AS g) AS hashed) AS scored) AS moving`,
    [first, options.nowSeconds, options.stories, momentum, STORIES_PER_DAY],
  );
  // Snapshots every ten minutes from submission, counts growing to the story's current ones. In chunks of
  // stories (found by hn_id), so no one statement holds the embedded database for minutes.
  const perStory = Math.max(1, Math.round(options.snapshots / options.stories));
  const chunk = 50_000;
  for (let offset = 0; offset < options.stories; offset += chunk) {
    await pool.query(
      `INSERT INTO story_snapshots (story_id, sampled_at, score, descendants, top_rank)
       SELECT s.id, to_timestamp(s.time + k * 600), greatest(1, s.score * k / $3), s.descendants * k / $3,
              CASE WHEN k % 3 = 0 THEN 1 + (s.id + k) % 500 END
         FROM stories s, generate_series(1, $3) AS k
        WHERE s.hn_id > $1 AND s.hn_id <= $2`,
      [first + offset, first + Math.min(offset + chunk, options.stories), perStory],
    );
  }
  // VACUUM as well: it sets the visibility map, so counting a list reads index entries alone, as it does on a
  // database whose weekly maintenance has run (the planner_statistics task).
  await pool.query('VACUUM (ANALYZE) stories');
  await pool.query('ANALYZE story_snapshots');
}

export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/**
 * Whether a target runs: BENCH_ONLY, a regular expression over the targets' names, runs only those it matches (the
 * ceiling always runs, for the ratios), to iterate on one call without the whole benchmark.
 */
export function benchTargetSelected(name: string): boolean {
  return !process.env.BENCH_ONLY || new RegExp(process.env.BENCH_ONLY).test(name);
}

/**
 * Runs `use` against a benchmark's own server: `script` (a bench/ file) started as a child process, so the load
 * generator does not share its event loop, on a fresh embedded database under a temporary folder (or
 * BENCH_DATA_DIR, kept between runs: seeding takes minutes; with DATABASE_URL the PostgreSQL database is kept
 * anyway). The server prints one JSON line once it listens; `use` gets it parsed. The server is stopped after.
 * BENCH_SERVER_NODE_ARGS adds options to the server's node, to profile it: `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 */
export async function withBenchServer<Info>(script: string, use: (info: Info) => Promise<void>): Promise<void> {
  const keepData = process.env.BENCH_DATA_DIR !== undefined;
  const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), `hn-bench-${path.basename(path.dirname(script))}-`)));
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: server.stdout! }).once('line', resolve);
      server.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
    });
    await use(JSON.parse(firstLine) as Info);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (!keepData) await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A benchmark server's ceiling: `/bench/ceiling` answers a precomputed JSON body of a chosen size, what the same
 * server does with no work at all. Registered at once (Fastify closes its route table at the first request);
 * the returned function sets the size, once a sample answer shows it. `/bench/cpu` answers the CPU time the
 * server's process (all its threads) has used, in microseconds, so a client can divide it by the requests served.
 */
export function addCeilingRoute(server: FastifyInstance): (bodyBytes: number) => void {
  let precomputed = '';
  server.get('/bench/ceiling', { schema: { hide: true } }, (_request, reply) => sendJsonText(reply, precomputed));
  server.get('/bench/cpu', { schema: { hide: true } }, () => {
    const { user, system } = process.cpuUsage();
    return { microseconds: user + system };
  });
  return (bodyBytes) => {
    precomputed = JSON.stringify(['x'.repeat(Math.max(0, bodyBytes - 4))]);
  };
}

/** The CPU time a benchmark server's process has used so far (all its threads), in microseconds: `/bench/cpu`. */
export async function serverCpuMicroseconds(url: string): Promise<number> {
  return ((await (await fetch(`${url}/bench/cpu`)).json()) as { microseconds: number }).microseconds;
}

/**
 * Waits until the server has settled after its start: until it used under a tenth of a core over half a second, or
 * for `mostSeconds` at most. The lists' and search's indexes load in the background after it listens (seconds of
 * CPU at 500,000 stories, more on a loaded machine), which otherwise counts as the first targets' CPU a request.
 */
export async function waitForServerIdle(url: string, mostSeconds = 120): Promise<void> {
  const until = Date.now() + mostSeconds * 1000;
  let before = await serverCpuMicroseconds(url);
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await serverCpuMicroseconds(url);
    if (now - before < 50_000) return;
    before = now;
  }
}

/**
 * Listens on a free loopback port and prints, as its first line, the JSON withBenchServer reads: the address and
 * `info`. SIGTERM closes the server, then the database.
 */
export async function serveBenchApp(server: FastifyInstance, database: { close(): Promise<void> }, info: object): Promise<void> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}`, ...info })}\n`);
  process.once('SIGTERM', async () => {
    await server.close();
    await database.close();
    process.exit(0);
  });
}
