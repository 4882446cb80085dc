/**
 * bench/story: the story page, cold. Every request names a story not asked before (ids scrambled over the whole
 * table), so nothing is cached: GET /api/stories/{id}/history, the same for the stories with the longest history
 * (a snapshot a minute for two days), and the page /stories/{id} as the server renders it (a visitor's), for both
 * (a long story's page draws its charts with the most points, HISTORY_CHART_MAX_POINTS). Prints
 * requests per second, p50 and p99 at BENCH_CONNECTIONS connections (default 10), the ratio to the ceiling and the CPU
 * time a request: the server's process (all its threads) and, for a database on this machine, PostgreSQL's processes
 * (all of them: anything else the database does meanwhile counts too). CPU time moves least with the machine's load.
 * Target: the story page p99 under 50 ms cold on 500,000 stories and 10,000,000 snapshots.
 * BENCH_STORIES / BENCH_SNAPSHOTS size the data (default 500,000 and 20 a story), BENCH_DURATION the seconds a target,
 * BENCH_ONLY (a regular expression over the targets' names) runs some targets beside the ceiling.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchTargetSelected, formatNumber, serverCpuMicroseconds, waitForServerIdle, withBenchServer } from '../support.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** Linux's clock ticks a second, in which /proc/{pid}/stat counts CPU time. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time PostgreSQL's processes on this machine have used (utime + stime of every process named postgres), in
 * microseconds; null where there is no /proc, or for the embedded database (its CPU is the server's).
 */
function databaseCpuMicroseconds(embedded: boolean): number | null {
  if (embedded) return null;
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return (ticks * 1_000_000) / TICKS_PER_SECOND;
}

interface Info {
  url: string;
  low: number;
  high: number;
  snapshots: number;
  long: number[];
  embedded: boolean;
  rendered: boolean;
}

/** A page as a browser asks for it: every browser accepts brotli, and the render thread compresses the page it renders. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export async function runStoryBenchmark(): Promise<void> {
  await withBenchServer<Info>(path.join(import.meta.dirname, 'server.ts'), async (info) => {
    const span = info.high - info.low + 1;
    let n = 0;
    // A prime step over the id range: no id repeats until the range is covered.
    const nextId = () => info.low + ((n++ * 104_729) % span);
    let longTurn = 0;
    const nextLongId = () => info.long[longTurn++ % info.long.length];
    const targets: { name: string; path: () => string; headers?: Record<string, string> }[] = [
      { name: 'ceiling (precomputed body)', path: () => '/bench/ceiling' },
      { name: 'history API, cold', path: () => `/api/stories/${nextId()}/history` },
      { name: 'history API, long stories', path: () => `/api/stories/${nextLongId()}/history` },
      ...(info.rendered
        ? [
            { name: 'story page, cold (rendered)', path: () => `/stories/${nextId()}`, headers: BROWSER_ENCODINGS },
            { name: 'story page, long stories', path: () => `/stories/${nextLongId()}`, headers: BROWSER_ENCODINGS },
          ]
        : []),
    ].filter((target, index) => index === 0 || benchTargetSelected(target.name));
    await waitForServerIdle(info.url);
    const results: { name: string; rps: number; p50: number; p99: number; serverCpu: number; databaseCpu: number | null }[] = [];
    for (const target of targets) {
      const run = (connections: number, duration: number) =>
        autocannon({ url: info.url, connections, duration, headers: target.headers, requests: [{ setupRequest: (request) => ({ ...request, path: target.path() }) }] });
      await run(4, 2);
      const serverBefore = await serverCpuMicroseconds(info.url);
      const databaseBefore = databaseCpuMicroseconds(info.embedded);
      const result = await run(CONNECTIONS, DURATION_SECONDS);
      const databaseAfter = databaseCpuMicroseconds(info.embedded);
      const serverCpu = ((await serverCpuMicroseconds(info.url)) - serverBefore) / result.requests.total;
      const databaseCpu = databaseBefore === null || databaseAfter === null ? null : (databaseAfter - databaseBefore) / result.requests.total;
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results.push({ name: target.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, serverCpu, databaseCpu });
    }
    const ceiling = results[0]!.rps;
    console.log(
      `\nbench/story: ${info.embedded ? 'embedded database' : 'PostgreSQL'}, ${formatNumber(span)} stories, ${formatNumber(info.snapshots)} snapshots, ` +
        `${CONNECTIONS} connections, ${DURATION_SECONDS} s each, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    console.log('target                            req/s     p50 ms   p99 ms   ratio to ceiling   server µs/req   database µs/req');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(32)} ${formatNumber(r.rps).padStart(8)} ${formatNumber(r.p50, 1).padStart(9)} ${formatNumber(r.p99, 1).padStart(8)}   ${(r.rps / ceiling).toFixed(2).padStart(16)}` +
          `   ${formatNumber(r.serverCpu).padStart(13)}   ${r.databaseCpu === null ? '-'.padStart(15) : formatNumber(r.databaseCpu).padStart(15)}`,
      );
    }
    const worst = Math.max(...results.slice(1).map((r) => r.p99));
    console.log(`target: story page p99 < 50 ms cold (worst ${formatNumber(worst, 1)} ms)${info.rendered ? '' : '; no web build: the rendered page was not measured (npm run build)'}`);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await runStoryBenchmark();
