/**
 * bench/feeds/kinds.ts: which cold feeds cost most. Asks bench/feeds's cold feeds one at a time (600 of them, each a
 * new address) and prints, by kind of feed (list, search, keyword, domain, author; with a q; a month's window), how
 * many were asked, their median, slowest and mean time in ms, the costliest kinds first; then the ten slowest feeds.
 * `BENCH_DATA_DIR=/tmp/feeds-bench node --import tsx bench/feeds/kinds.ts`
 */
import path from 'node:path';
import { withBenchServer } from '../support.ts';
import { coldPath } from './run.ts';

const ASKED = 600;

function kindOf(feed: string): string {
  const [pathPart, query = ''] = feed.split('?') as [string, string?];
  const base = pathPart.replace(/\.(rss|atom|json)$/, '').replace(/\/(site\d+\.example\.com|user\d+)$/, '/*');
  const params = new URLSearchParams(query);
  return `${base}${params.has('q') ? ' q' : ''}${params.get('timeFilter') === 'month' ? ' month' : ''}`;
}

await withBenchServer<{ url: string }>(path.join(import.meta.dirname, 'server.ts'), async ({ url }) => {
  const times = new Map<string, number[]>();
  const slowest: { feed: string; ms: number }[] = [];
  for (let n = 50_000; n < 50_000 + ASKED; n++) {
    const feed = coldPath(n);
    const started = performance.now();
    const response = await fetch(`${url}${feed}`);
    await response.text();
    if (response.status !== 200) throw new Error(`${feed}: ${response.status}`);
    const ms = performance.now() - started;
    const kind = kindOf(feed);
    times.set(kind, [...(times.get(kind) ?? []), ms]);
    slowest.push({ feed, ms });
  }
  const rows = [...times].map(([kind, ms]) => {
    ms.sort((a, b) => a - b);
    return { kind, count: ms.length, median: ms[Math.floor(ms.length / 2)]!, slowest: ms.at(-1)!, mean: ms.reduce((sum, value) => sum + value, 0) / ms.length };
  });
  rows.sort((a, b) => b.mean - a.mean);
  console.log('kind                              asked  median ms  slowest ms  mean ms');
  for (const row of rows) {
    console.log(`${row.kind.padEnd(34)}${String(row.count).padStart(5)}${row.median.toFixed(1).padStart(11)}${row.slowest.toFixed(1).padStart(12)}${row.mean.toFixed(1).padStart(9)}`);
  }
  slowest.sort((a, b) => b.ms - a.ms);
  console.log('\nslowest feeds:');
  for (const { feed, ms } of slowest.slice(0, 10)) console.log(`${ms.toFixed(1).padStart(7)} ms  ${decodeURIComponent(feed)}`);
});
