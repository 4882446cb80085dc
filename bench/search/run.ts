/**
 * bench/search: GET /api/search/stories and /api/search/suggestions on 500,000 stories, 50
 * connections, every request a different search (search answers are not cached, so each one is cold): frequent
 * and rare title words, two-letter queries, domain and author filters, every sort and order. Prints requests
 * per second, p50 and p99 and the ratio to the ceiling (the same server sending a same-size precomputed body).
 * Targets: search p99 under 100 ms, suggestions p99 under 30 ms.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SEARCH_ORDERS, SEARCH_SORTS } from '#common/rules/search.ts';
import { formatNumber, withBenchServer } from '../support.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const TWO_LETTERS = ['ai', 'go', 'js', 'db', 'os', 'ml', 'io', 'ui', 'vr', 'hn', 'uk', 'rs'];

interface Words {
  common: string[];
  rare: string[];
  domains: string[];
  authors: string[];
}

/** A deterministic stream of varied searches: the n-th request's path. */
function searchPath(words: Words, n: number): string {
  const at = <T,>(list: T[], salt: number) => list[(n * 7919 + salt * 104729) % list.length]!;
  const params = new URLSearchParams({ sort: at([...SEARCH_SORTS], 1), order: at([...SEARCH_ORDERS], 2) });
  switch (n % 5) {
    case 0:
      params.set('q', at(words.common, 3));
      break;
    case 1:
      params.set('q', at(words.rare, 4));
      break;
    case 2:
      params.set('q', at(TWO_LETTERS, 5));
      break;
    case 3:
      params.set('domain', at(words.domains, 6));
      params.set('q', at(words.common, 7));
      break;
    default:
      params.set('author', at(words.authors, 8));
  }
  if (n % 3 === 0) params.set('minScore', String(n % 50));
  if (n % 4 === 0) params.set('hours', at(['24', '168'], 9));
  return `/api/search/stories?${params}`;
}

/** Two to four letters from inside a word, as people type them. */
function suggestionPath(words: Words, n: number): string {
  const word = [...words.common, ...words.rare][(n * 7919) % (words.common.length + words.rare.length)]!;
  const length = 2 + (n % 3);
  const start = n % Math.max(1, word.length - length + 1);
  return `/api/search/suggestions?${new URLSearchParams({ q: word.slice(start, start + length) })}`;
}

export async function runSearchBenchmark(): Promise<void> {
  await withBenchServer<{ url: string; cookie: string; words: Words }>(path.join(import.meta.dirname, 'server.ts'), async ({ url, cookie, words }) => {
    const targets: { name: string; path: (n: number) => string }[] = [
      { name: 'ceiling (precomputed body)', path: () => '/bench/ceiling' },
      { name: 'search, every request new', path: (n) => searchPath(words, n) },
      { name: 'suggestions, every request new', path: (n) => suggestionPath(words, n) },
    ];
    const results: { name: string; rps: number; p50: number; p99: number }[] = [];
    let n = 0;
    for (const target of targets) {
      const run = (connections: number, duration: number) =>
        autocannon({
          url,
          connections,
          duration,
          headers: { cookie },
          requests: [{ setupRequest: (request) => ({ ...request, path: target.path(n++) }) }],
        });
      await run(10, 2);
      const result = await run(CONNECTIONS, DURATION_SECONDS);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results.push({ name: target.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    }
    const ceiling = results[0]!.rps;
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database';
    console.log(`\nbench/search: ${database}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('target                            req/s     p50 ms   p99 ms   ratio to ceiling');
    for (const r of results) {
      console.log(`${r.name.padEnd(32)} ${formatNumber(r.rps).padStart(8)} ${formatNumber(r.p50, 1).padStart(9)} ${formatNumber(r.p99, 1).padStart(8)}   ${(r.rps / ceiling).toFixed(2)}`);
    }
    console.log(`targets: search p99 < 100 ms (${formatNumber(results[1]!.p99, 1)} ms), suggestions p99 < 30 ms (${formatNumber(results[2]!.p99, 1)} ms)`);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await runSearchBenchmark();
