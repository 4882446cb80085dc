/**
 * bench/predictions: the prediction calls over a ledger of 1,000,000 predictions (BENCH_PREDICTIONS), at 50
 * connections, against the ceiling (the same server answering a precomputed body of the same size), in one run.
 * Every request is cold: it empties the prediction cache first and is answered from the database.
 * Target: p99 under 50 ms. The cost of scoring in the ingestion cycle is printed by bench/ingest.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { benchTargetSelected, formatNumber, serverCpuMicroseconds, withBenchServer } from '../support.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** The server's CPU time per request, all threads: the figure least moved by the machine's changing speed. */
  cpuMicroseconds: number;
}

export async function runPredictionsBenchmark(): Promise<void> {
  await withBenchServer<{ url: string; bodyBytes: number; embedded: boolean; predictions: number; cookie: string }>(
    path.join(import.meta.dirname, 'server.ts'),
    async ({ url, bodyBytes, embedded, predictions, cookie }) => {
      let turn = 0;
      const load = async (name: string, paths: () => string, cold: boolean, run = { connections: CONNECTIONS, duration: DURATION_SECONDS }): Promise<Figures> => {
        const cpuBefore = await serverCpuMicroseconds(url);
        // The server's logs are silenced: the first answer that is not 2xx tells why a run failed.
        let firstFailure: string | null = null;
        const result = await autocannon({
          url,
          ...run,
          headers: { cookie, ...(cold ? { 'x-bench-cold': '1' } : {}) },
          requests: [
            {
              setupRequest: (request) => ({ ...request, path: paths() }),
              onResponse: (status, body) => {
                if ((status < 200 || status > 299) && firstFailure === null) firstFailure = `${status} ${String(body).slice(0, 500)}`;
              },
            },
          ],
        });
        if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
          const first = firstFailure === null ? '' : `; first failing answer: ${firstFailure}`;
          throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts${first}`);
        }
        const cpuMicroseconds = ((await serverCpuMicroseconds(url)) - cpuBefore) / result.requests.total;
        return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMicroseconds };
      };
      const calls: [string, () => string][] = [
        ['current predictions (pages 1-5, both views)', () => `/api/stories/predictions?page=${1 + (turn % 5)}&limit=25&view=${turn++ % 2 ? 'calls' : 'not-expected'}`],
        ['accuracy (1-720 hours)', () => `/api/predictions/accuracy/public?hours=${1 + ((turn++ * 7919) % 720)}`],
        ['trends (30 days)', () => '/api/predictions/trends'],
        ['domains (top 10)', () => '/api/predictions/domains'],
        ['outcomes (20 latest)', () => '/api/predictions/outcomes'],
      ];
      // Each target is warmed up first, at fewer connections and for less time: the server's code is compiled and
      // the database's pages read, as on a server that has been running. The requests stay cold (nothing cached).
      const warmUp = (paths: () => string, cold: boolean) => load('warm-up', paths, cold, { connections: 10, duration: 2 });
      await warmUp(() => '/bench/ceiling', false);
      const results = [await load('ceiling (precomputed body)', () => '/bench/ceiling', false)];
      for (const [name, paths] of calls.filter(([name]) => benchTargetSelected(name))) {
        await warmUp(paths, true);
        results.push(await load(`${name}, cold`, paths, true));
      }

      const ceiling = results[0]!.rps;
      console.log(
        `\nbench/predictions: ${embedded ? 'embedded database' : 'PostgreSQL'}, ${formatNumber(predictions)} predictions in the ledger, ` +
          `${CONNECTIONS} connections, ${DURATION_SECONDS} s each, ceiling body ${formatNumber(bodyBytes)} bytes`,
      );
      console.log('target                                 req/s     p50 ms   p99 ms   ratio to ceiling   server CPU µs/req');
      for (const r of results) {
        console.log(
          `${r.name.padEnd(38)} ${formatNumber(r.rps).padStart(8)} ${formatNumber(r.p50, 1).padStart(9)} ${formatNumber(r.p99, 1).padStart(8)}   ${(r.rps / ceiling).toFixed(3).padEnd(16)}   ${formatNumber(r.cpuMicroseconds).padStart(6)}`,
        );
      }
      const worst = Math.max(...results.slice(1).map((r) => r.p99));
      console.log(`target: cold p99 < 50 ms (worst ${formatNumber(worst, 1)} ms)`);
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runPredictionsBenchmark();
