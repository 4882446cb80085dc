/**
 * bench/analytics: the admin analytics' calls on a week of activity (bench/analytics/server.ts), 10
 * connections (an admin page asks three calls every 30 s, so this is many admins at once), every request another
 * period, limit or both (none of these answers is cached). Prints requests per second, p50 and p99 and the ratio
 * to the ceiling (the same server sending a same-size precomputed body), and how long taking an hour off every
 * period's counts takes.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { ANALYTICS_TIMEFRAMES, POPULAR_STORIES_LIMIT } from '#common/rules/analytics.ts';
import { formatNumber, withBenchServer } from '../support.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const hoursOf = (n: number) => ANALYTICS_TIMEFRAMES[n % ANALYTICS_TIMEFRAMES.length]!.hours;

interface Info {
  url: string;
  cookie: string;
  embedded: boolean;
  stories: number;
  events: number;
  apiRequests: number;
}

export async function runAnalyticsBenchmark(): Promise<void> {
  await withBenchServer<Info>(path.join(import.meta.dirname, 'server.ts'), async ({ url, cookie, embedded, stories, events, apiRequests }) => {
    const load = async (name: string, pathOf: (n: number) => string, headers: Record<string, string> = { cookie }) => {
      let n = 0;
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        timeout: 60,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: pathOf(n++) }) }],
      });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    };
    const results = [
      await load('ceiling (precomputed body)', () => '/bench/ceiling', {}),
      await load('popular stories', (n) => `/api/analytics/popular-stories?timeframe=${hoursOf(n)}&limit=${1 + ((n * 7) % POPULAR_STORIES_LIMIT)}`),
      await load('popular stories, week, 50', () => `/api/analytics/popular-stories?timeframe=168&limit=50`),
      await load('API usage', (n) => `/api/admin/analytics/api-usage?timeframe=${hoursOf(n)}`),
      await load('events', (n) => `/api/admin/analytics/events?timeframe=${hoursOf(n)}`),
    ];
    const expiry = (await (await fetch(`${url}/bench/expire-hour`, { method: 'POST' })).json()) as { ms: number };
    const ceiling = results[0]!.rps;
    console.log(
      `\nbench/analytics: ${embedded ? 'embedded database' : 'PostgreSQL'}, ${formatNumber(stories)} stories, ${formatNumber(events)} events and ${formatNumber(apiRequests)} API requests over a week, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`,
    );
    console.log('call                           req/s     p50 ms   p99 ms   ratio to ceiling');
    for (const r of results) {
      console.log(`${r.name.padEnd(30)} ${formatNumber(r.rps).padStart(8)} ${formatNumber(r.p50, 1).padStart(9)} ${formatNumber(r.p99, 1).padStart(8)}   ${(r.rps / ceiling).toFixed(3)}`);
    }
    console.log(`an hour leaving every period (the analytics job's work once an hour): ${formatNumber(expiry.ms, 1)} ms`);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await runAnalyticsBenchmark();
