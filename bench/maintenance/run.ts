/**
 * bench/maintenance: thinning BENCH_SNAPSHOTS story snapshots (10,000,000 by default) by the
 * thin-snapshots task's retention while readers load cold story lists (every request a new cache key, 50
 * connections, bench/api's keys). Prints the task's duration and rows a second, the list p99 in each 5-second
 * window during the run (target: under 150 ms throughout), and the database's size before and after.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { STORY_LIST_SORTS } from '#common/contracts/stories.ts';
import { coldPath } from '../api/run.ts';
import { formatNumber, withBenchServer } from '../support.ts';

const WINDOW_SECONDS = 5;
const CONNECTIONS = 50;
const MB = 1024 * 1024;

interface ThinStatus {
  done: boolean;
  seconds?: number;
  result?: { success: boolean; recordsDeleted: number; errorMessage: string | null };
  bytesBefore: number;
  bytesAfter?: number;
  rowsBefore: number;
  rowsAfter?: number;
}

export async function runMaintenanceBenchmark(): Promise<void> {
  await withBenchServer<{ url: string; embedded: boolean; snapshots: number; stories: number }>(
    path.join(import.meta.dirname, 'server.ts'),
    async ({ url, embedded, snapshots, stories }) => {
      let turn = 0;
      const nextCold = () => {
        const n = turn++;
        return coldPath(STORY_LIST_SORTS[n % STORY_LIST_SORTS.length]!, Math.floor(n / STORY_LIST_SORTS.length));
      };
      const load = async () => {
        const result = await autocannon({ url, connections: CONNECTIONS, duration: WINDOW_SECONDS, requests: [{ setupRequest: (request) => ({ ...request, path: nextCold() }) }] });
        return { rps: result.requests.average, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
      };
      const before = await load();
      await fetch(`${url}/bench/thin`, { method: 'POST' });
      const during: Awaited<ReturnType<typeof load>>[] = [];
      let status: ThinStatus;
      for (;;) {
        during.push(await load());
        status = (await (await fetch(`${url}/bench/thin`)).json()) as ThinStatus;
        if (status.done) break;
      }
      const result = status.result!;
      console.log(`\nbench/maintenance: thin snapshots, ${embedded ? 'embedded database' : 'PostgreSQL'}, ${formatNumber(snapshots)} snapshots of ${formatNumber(stories)} stories`);
      console.log(`task: ${result.success ? 'completed' : `failed (${result.errorMessage})`} in ${formatNumber(status.seconds!, 1)} s, ${formatNumber(result.recordsDeleted)} rows deleted, ${formatNumber(result.recordsDeleted / status.seconds!)} rows/s`);
      console.log(`snapshots: ${formatNumber(status.rowsBefore)} -> ${formatNumber(status.rowsAfter!)}; database: ${formatNumber(status.bytesBefore / MB)} MB -> ${formatNumber(status.bytesAfter! / MB)} MB`);
      console.log(`cold lists at ${CONNECTIONS} connections, ${WINDOW_SECONDS} s windows:`);
      console.log(`  before the task          ${formatNumber(before.rps).padStart(7)} req/s   p99 ${formatNumber(before.p99, 1).padStart(7)} ms`);
      during.forEach((window, index) =>
        console.log(`  during, window ${String(index + 1).padStart(3)}     ${formatNumber(window.rps).padStart(7)} req/s   p99 ${formatNumber(window.p99, 1).padStart(7)} ms${window.failures ? `   ${window.failures} failed` : ''}`),
      );
      const worst = Math.max(...during.map((window) => window.p99));
      console.log(`target: list p99 < 150 ms throughout (worst window ${formatNumber(worst, 1)} ms)`);
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runMaintenanceBenchmark();
