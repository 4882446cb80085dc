/**
 * bench/api: GET /api/stories/trending page 1 and page 20 against the ceiling (the same server answering
 * a precomputed body of the same size), 50 connections each. Prints requests per second, latency and ratios.
 * Targets (issue 2): page 1 at least 0.7 of the ceiling's requests per second, p99 under 50 ms.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { formatNumber } from '../support.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

export async function runApiBenchmark(): Promise<void> {
  // BENCH_DATA_DIR keeps the seeded database between runs (seeding takes most of a minute).
  const keepData = process.env.BENCH_DATA_DIR !== undefined;
  const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'hn-bench-api-')));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: server.stdout! }).once('line', resolve);
      server.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
    });
    const { url, bodyBytes } = JSON.parse(firstLine) as { url: string; bodyBytes: number };
    const targets = [
      { name: 'ceiling (precomputed body)', path: '/bench/ceiling' },
      { name: 'trending page 1', path: '/api/stories/trending?page=1&limit=50&timeFilter=month' },
      { name: 'trending page 20', path: '/api/stories/trending?page=20&limit=50&timeFilter=month' },
    ];
    const results: { name: string; rps: number; p50: number; p99: number }[] = [];
    for (const target of targets) {
      // Warm-up: fills the list cache and JIT-compiles the path, as steady traffic would.
      await autocannon({ url: url + target.path, connections: 10, duration: 2 });
      const result = await autocannon({ url: url + target.path, connections: CONNECTIONS, duration: DURATION_SECONDS });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results.push({ name: target.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    }
    const ceiling = results[0]!.rps;
    console.log(`\nbench/api: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, body ${formatNumber(bodyBytes)} bytes`);
    console.log('target                       req/s     p50 ms   p99 ms   ratio to ceiling');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(28)} ${formatNumber(r.rps).padStart(8)} ${formatNumber(r.p50, 1).padStart(9)} ${formatNumber(r.p99, 1).padStart(8)}   ${(r.rps / ceiling).toFixed(2)}`,
      );
    }
    const page1 = results[1]!;
    console.log(
      `targets: page 1 ratio >= 0.70 (${(page1.rps / ceiling).toFixed(2)}), p99 < 50 ms (${formatNumber(page1.p99, 1)} ms)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (!keepData) await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runApiBenchmark();
