/**
 * bench/keywords: the three keyword calls on the buckets of 500,000 stories, cold (no cached
 * answer: a new period or time zone) and warm, 50 connections each, against the ceiling (the same server answering
 * a precomputed body of the same size); then the share of an ingestion cycle spent on keywords, on real cycles of
 * recorded data. Targets: p99 under 50 ms cold; keywords under 10 % of a cycle.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { createIngestion } from '../../server/hn/service.ts';
import { ingestionEventsFor, SERVER_MODULES } from '../../server/modules/index.ts';
import { KeywordsService } from '../../server/modules/keywords/service.ts';
import { createMetrics } from '../../server/metrics.ts';
import { startReplay } from '../../tools/hn-replay/index.ts';
import { benchTargetSelected, formatNumber, serverCpuMicroseconds, withBenchServer } from '../support.ts';
import { PATTERN_ZONES } from './zones.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const CYCLE_MINUTES = Number(process.env.BENCH_CYCLES ?? 180);

async function callsBenchmark(): Promise<void> {
  await withBenchServer<{ url: string; bodyBytes: number }>(path.join(import.meta.dirname, 'server.ts'), async ({ url, bodyBytes }) => {
    const targets = [
      { name: 'ceiling (precomputed body)', path: '/bench/ceiling' },
      { name: 'trending 24h, warm', path: '/api/keywords/trending?period=24h' },
      { name: 'trends 24h, warm', path: '/api/keywords/trends?period=24h' },
      { name: 'hourly patterns 7d, warm', path: '/api/keywords/hourly-patterns?period=7d' },
      { name: 'trending, cold', path: '/bench/cold/trending' },
      { name: 'trends, cold', path: '/bench/cold/trends' },
      { name: 'hourly patterns, cold', path: '/bench/cold/hourly-patterns' },
    ];
    const results: { name: string; rps: number; p50: number; p99: number; cpuMicroseconds: number }[] = [];
    for (const target of targets.filter((entry, index) => index === 0 || benchTargetSelected(entry.name))) {
      // Every target is warmed up first, cold ones too: that compiles the server's code and reads the database's
      // pages, as on a server that has been running; a cold request still computes its answer (nothing is cached).
      await autocannon({ url: url + target.path, connections: 10, duration: 2 });
      const cpuBefore = await serverCpuMicroseconds(url);
      const result = await autocannon({ url: url + target.path, connections: CONNECTIONS, duration: DURATION_SECONDS });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      // The server's CPU a request (all its threads): steadier than the rates when the machine's speed moves.
      const cpuMicroseconds = ((await serverCpuMicroseconds(url)) - cpuBefore) / result.requests.total;
      results.push({ name: target.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMicroseconds });
    }
    const ceiling = results[0]!.rps;
    console.log(`\nbench/keywords (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}): ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, trends body ${formatNumber(bodyBytes)} bytes`);
    console.log('target                         req/s     p50 ms   p99 ms   ratio to ceiling   server CPU µs/req');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(30)} ${formatNumber(r.rps).padStart(8)} ${formatNumber(r.p50, 1).padStart(9)} ${formatNumber(r.p99, 1).padStart(8)}   ${(r.rps / ceiling).toFixed(2).padStart(16)}   ${formatNumber(r.cpuMicroseconds).padStart(17)}`,
      );
    }
    const worstCold = Math.max(...results.filter((r) => r.name.endsWith('cold')).map((r) => r.p99));
    console.log(`target: p99 < 50 ms cold (worst ${formatNumber(worstCold, 1)} ms)`);
  });
}

/** Real cycles of a recorded day: the time spent counting keywords against the whole cycle. */
async function extractionShare(): Promise<void> {
  if (process.env.BENCH_ONLY) return;
  const start = Date.parse(process.env.BENCH_DAY ?? '2021-03-01T00:00:00Z') / 1000;
  const replay = await startReplay({ start, log: () => undefined });
  replay.clock.pause();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hn-bench-keywords-ingest-'));
  // A database of its own, as a new installation's: on PostgreSQL, a new database beside DATABASE_URL's.
  const cyclesDatabase = process.env.DATABASE_URL ? await createDatabaseBeside(process.env.DATABASE_URL, 'keyword_cycles') : null;
  const config = loadConfig({ ...process.env, DATABASE_URL: cyclesDatabase?.url, DATA_DIR: dataDir, HN_API_URL: replay.url, HN_MAX_NEW_ITEMS: '5000', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await runMigrations(database.pool);
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
    const ingestion = createIngestion({ config, pool: database.pool, metrics: createMetrics(), log: quiet, now: () => replay.clock.now() * 1000, events: ingestionEventsFor(SERVER_MODULES) });
    const first = await ingestion.runCycle('bench');
    // Readers in six time zones have asked for the hourly patterns, so every change writes their answers too.
    const keywords = new KeywordsService(database.pool, () => replay.clock.now() * 1000);
    for (const zone of PATTERN_ZONES) await keywords.hourlyPatterns('24h', zone);
    let cycleMs = 0;
    let keywordsMs = 0;
    for (let minute = 1; minute <= CYCLE_MINUTES; minute++) {
      replay.clock.advance(60);
      const started = performance.now();
      const report = await ingestion.runCycle('bench');
      if (!report || report.status === 'failed') throw new Error(`cycle failed: ${report?.error}`);
      cycleMs += performance.now() - started;
      keywordsMs += report.listenersMs.keywords ?? 0;
    }
    console.log(`\nkeyword extraction at ingestion: first cycle ${formatNumber(first?.itemsFetched ?? 0)} items, keywords ${formatNumber(first?.listenersMs.keywords ?? 0)} ms of it`);
    console.log(
      `${CYCLE_MINUTES} cycles: ${formatNumber(cycleMs / CYCLE_MINUTES, 1)} ms a cycle, of which keywords ${formatNumber(keywordsMs / CYCLE_MINUTES, 1)} ms ` +
        `(${((100 * keywordsMs) / cycleMs).toFixed(1)} %; target < 10 %)`,
    );
  } finally {
    await database.close();
    await replay.close();
    await cyclesDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A new, empty PostgreSQL database on the server of `url`, named after its database with `suffix`. */
async function createDatabaseBeside(url: string, suffix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const beside = new URL(url);
  const name = `${beside.pathname.slice(1) || 'postgres'}_${suffix}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  beside.pathname = `/${name}`;
  return {
    url: beside.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.end();
    },
  };
}

/** BENCH_PART=calls or cycles runs one of the two parts. */
export async function runKeywordsBenchmark(): Promise<void> {
  const part = process.env.BENCH_PART;
  if (part !== 'cycles') await callsBenchmark();
  if (part !== 'calls') await extractionShare();
}

if (import.meta.url === `file://${process.argv[1]}`) await runKeywordsBenchmark();
