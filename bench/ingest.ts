/**
 * bench/ingest: (1) replays one recorded day at full speed, one cycle per virtual minute, and prints items
 * per second and cycle times; (2) prints the cost of one cycle with 10,000, 100,000 and 500,000 stored stories
 * (20 snapshots each). Targets: the cycle's cost grows with the stories that changed, not with
 * the table: at 500,000 stories within 1.5x of the cycle at 10,000.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { createIngestion } from '../server/hn/service.ts';
import { ingestionEventsFor, SERVER_MODULES } from '../server/modules/index.ts';
import type { CycleReport } from '../server/hn/ingest.ts';
import { createMetrics } from '../server/metrics.ts';
import { startReplay } from '../tools/hn-replay/index.ts';
import { formatNumber, seedBenchmarkData } from './support.ts';

const HOURS = Number(process.env.BENCH_HOURS ?? 24);
const START = Date.parse(process.env.BENCH_DAY ?? '2021-03-01T00:00:00Z') / 1000;
/** Cycles measured at each table size, their median printed (BENCH_INGEST_CYCLES). */
const SAMPLE_CYCLES = Number(process.env.BENCH_INGEST_CYCLES ?? 20);
/** The stored-story counts a cycle's cost is measured at (BENCH_INGEST_SIZES=10000,100000 for a quicker run). */
const TABLE_SIZES = (process.env.BENCH_INGEST_SIZES ?? '10000,100000,500000').split(',').map(Number);

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

export async function runIngestBenchmark(): Promise<void> {
  const replay = await startReplay({ start: START, log: () => undefined });
  replay.clock.pause();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hn-bench-ingest-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, HN_API_URL: replay.url, HN_MAX_NEW_ITEMS: '5000', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await runMigrations(database.pool);
    const ingestion = createIngestion({
      config,
      pool: database.pool,
      metrics: createMetrics(),
      log: quiet,
      now: () => replay.clock.now() * 1000,
      events: ingestionEventsFor(SERVER_MODULES),
    });
    const cycle = async (): Promise<CycleReport & { wallMs: number }> => {
      const started = performance.now();
      const report = await ingestion.runCycle('bench');
      if (!report || report.status === 'failed') throw new Error(`cycle failed: ${report?.error}`);
      return { ...report, wallMs: performance.now() - started };
    };

    // 1. One recorded day at full speed.
    const first = await cycle();
    const day: (CycleReport & { wallMs: number })[] = [];
    const dayStarted = performance.now();
    for (let minute = 1; minute <= HOURS * 60; minute++) {
      replay.clock.advance(60);
      day.push(await cycle());
    }
    const daySeconds = (performance.now() - dayStarted) / 1000;
    const items = day.reduce((sum, r) => sum + r.itemsFetched, 0);
    const snapshots = day.reduce((sum, r) => sum + r.snapshotsAppended, 0);
    const stored = (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM stories')).rows[0]!.n;
    console.log(`\nbench/ingest: ${HOURS} h of recorded Hacker News from ${new Date(START * 1000).toISOString()}, one cycle per virtual minute`);
    console.log(`first cycle: ${formatNumber(first.itemsFetched)} items in ${formatNumber(first.wallMs)} ms`);
    console.log(
      `${day.length} cycles in ${formatNumber(daySeconds, 1)} s (${formatNumber((HOURS * 3600) / daySeconds)}x real time): ` +
        `${formatNumber(items)} items fetched, ${formatNumber(items / daySeconds)} items/s, ${formatNumber(snapshots)} snapshots, ${formatNumber(stored)} stories stored`,
    );
    const wall = day.map((r) => r.wallMs);
    const predictionsMs = day.reduce((sum, r) => sum + (r.listenersMs.predictions ?? 0), 0);
    const cycleMs = day.reduce((sum, r) => sum + r.wallMs, 0);
    console.log(
      `predictions (scoring, verifying, settling): ${formatNumber(predictionsMs / day.length, 1)} ms a cycle of ${formatNumber(cycleMs / day.length, 1)} ms ` +
        `(${((100 * predictionsMs) / cycleMs).toFixed(1)} %; target < 10 %)`,
    );
    console.log(`cycle time: median ${formatNumber(median(wall), 1)} ms, p95 ${formatNumber(percentile(wall, 95), 1)} ms, max ${formatNumber(Math.max(...wall), 1)} ms`);

    // 2. The cost of one cycle as the table grows: old stories that no list mentions any more.
    const costAt = async (target: number): Promise<{ stories: number; medianMs: number; changed: number }> => {
      const current = (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM stories')).rows[0]!.n;
      if (current < target) {
        await seedBenchmarkData(database.pool, {
          stories: target - current,
          snapshots: (target - current) * 20,
          firstHnId: 100_000_000 + current,
          nowSeconds: Math.floor(replay.clock.now()) - 40 * 86_400,
          withMomentum: false,
        });
        // A table that grew over months has been vacuumed and checkpointed; one just loaded in bulk has not, and
        // its first cycles would pay for the load (hint bits set on first read, the load's WAL checkpointed).
        await database.pool.query('VACUUM (ANALYZE) stories, story_snapshots');
        await database.pool.query('CHECKPOINT');
      }
      const samples: (CycleReport & { wallMs: number })[] = [];
      for (let i = 0; i < SAMPLE_CYCLES; i++) {
        replay.clock.advance(60);
        samples.push(await cycle());
      }
      return {
        stories: Math.max(current, target),
        medianMs: median(samples.map((s) => s.wallMs)),
        changed: median(samples.map((s) => s.storiesUpserted)),
      };
    };
    const rows = [];
    for (const size of TABLE_SIZES) rows.push(await costAt(size));
    console.log('stored stories   median cycle ms   stories fetched per cycle (median)   ratio to the first');
    for (const row of rows) {
      console.log(
        `${formatNumber(row.stories).padStart(14)}   ${formatNumber(row.medianMs, 1).padStart(15)}   ${formatNumber(row.changed).padStart(10)}` +
          `${(row.medianMs / rows[0]!.medianMs).toFixed(2).padStart(37)}`,
      );
    }
    console.log('target: the largest table within 1.5x of the first (1.00 = independent of table size)');
  } finally {
    await database.close();
    await replay.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runIngestBenchmark();
