/**
 * bench/feeds: what polling feeds costs on 500,000 stories, 50 connections, against the ceiling (the same server
 * answering a precomputed body of a 20-item feed's size):
 * - cached: the same few feeds polled over and over (every list, a search, a keyword, a domain, each format);
 * - conditional: the same, each request carrying the ETag it got (304s);
 * - cold: every request another feed never asked before: lists with other points, windows, counts and q's (words,
 *   OR, phrases, exclusions), searches, keywords, domains and authors.
 * Prints requests per second, p50, p99 and the ratio to the ceiling, and the largest 20-item body.
 * Targets: cached at least 0.5 of the ceiling with p99 under 20 ms; cold p99 under 50 ms; 20 items under 50 KB.
 * `npm run bench feeds` (BENCH_DURATION seconds each, 10 by default; BENCH_DATA_DIR keeps the seeded database;
 * BENCH_FEEDS_CONNECTIONS, 50 by default).
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { FEED_FORMATS } from '#common/contracts/feeds.ts';
import { STORY_LIST_SORTS } from '#common/contracts/stories.ts';
import { TIME_FILTERS } from '#common/rules/time-windows.ts';
import { formatNumber, withBenchServer } from '../support.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** 50 by default; BENCH_FEEDS_CONNECTIONS=1 reads each request's own cost, without queueing behind the others. */
const CONNECTIONS = Number(process.env.BENCH_FEEDS_CONNECTIONS ?? 50);
const CEILING_PATH = '/bench/ceiling';
/** The seeded titles' topics (bench/support.ts) and a few words no title holds. */
const TOPICS = ['rust', 'postgres', 'startups', 'ai', 'typescript', 'space'];
const RARE = ['zig', 'haskell', 'erlang', 'cobol'];

const CACHED_PATHS = [
  ...STORY_LIST_SORTS.flatMap((sort) => FEED_FORMATS.map((format) => `/feeds/${sort}.${format}`)),
  '/feeds/trending.rss?points=100',
  '/feeds/search.atom?q=rust+OR+postgres&points=50',
  '/feeds/keywords/typescript.json',
  '/feeds/domains/site7.example.com.rss',
  '/feeds/authors/user42.atom',
];

/** The n-th cold feed: each n another address (points, window, count and q vary with n; no two alike). */
export function coldPath(n: number): string {
  const at = <T,>(list: readonly T[], salt: number) => list[Math.floor(n / salt) % list.length]!;
  const format = FEED_FORMATS[n % 3]!;
  const points = n % 997;
  const count = 1 + (n % 100);
  const q = [
    '',
    at(TOPICS, 3),
    `${at(TOPICS, 3)} OR ${at(TOPICS, 7)}`,
    `${at(TOPICS, 5)} -${at(TOPICS, 11)}`,
    `"story number ${n % 1000}"`,
    at(RARE, 3),
    `-domain:site${n % 500}.example.com`,
  ][Math.floor(n / 3) % 7]!;
  const params = new URLSearchParams({ points: String(points), count: String(count) });
  if (q) params.set('q', q);
  switch (Math.floor(n / 21) % 5) {
    case 0:
    case 1:
      params.set('timeFilter', at(TIME_FILTERS, 2));
      return `/feeds/${at(STORY_LIST_SORTS, 1)}.${format}?${params}`;
    case 2:
      params.set('sort', at(['score', 'comments', 'time', 'trending'], 1));
      return `/feeds/search.${format}?${params}`;
    case 3:
      return `/feeds/domains/site${n % 500}.example.com.${format}?${params}`;
    default:
      return n % 2 === 0 ? `/feeds/keywords/${at(TOPICS, 1)}.${format}?${params}` : `/feeds/authors/user${n % 3000}.${format}?${params}`;
  }
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

export async function runFeedsBenchmark(): Promise<void> {
  await withBenchServer<{ url: string; bodyBytes: number; embedded: boolean }>(path.join(import.meta.dirname, 'server.ts'), async ({ url, bodyBytes, embedded }) => {
    const load = async (name: string, next: () => { path: string; headers?: Record<string, string> }, expect304 = false): Promise<Figures> => {
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      });
      const refused = expect304 ? result.requests.total - result['3xx'] : result.non2xx;
      if (refused > 0 || result.errors > 0 || result.timeouts > 0) throw new Error(`${name}: ${refused} unexpected answers, ${result.errors} errors, ${result.timeouts} timeouts`);
      return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    };
    const etags = new Map<string, string>();
    let largest = 0;
    for (const feed of CACHED_PATHS) {
      const response = await fetch(`${url}${feed}`);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${feed}: ${response.status} ${body}`);
      etags.set(feed, response.headers.get('etag')!);
      if (!feed.includes('count=')) largest = Math.max(largest, Buffer.byteLength(body));
    }
    let turn = 0;
    const cached = () => ({ path: CACHED_PATHS[turn++ % CACHED_PATHS.length]! });
    let conditionalTurn = 0;
    const conditional = () => {
      const feed = CACHED_PATHS[conditionalTurn++ % CACHED_PATHS.length]!;
      return { path: feed, headers: { 'if-none-match': etags.get(feed)! } };
    };
    let coldTurn = 0;
    const cold = () => ({ path: coldPath(coldTurn++) });

    const results: Figures[] = [];
    await load('warm-up', () => ({ path: CEILING_PATH }));
    results.push(await load('ceiling (precomputed body)', () => ({ path: CEILING_PATH })));
    results.push(await load('cached feeds', cached));
    results.push(await load('conditional (304)', conditional, true));
    results.push(await load('cold feeds', cold));

    const ceiling = results[0]!.rps;
    console.log(`\nbench/feeds: ${embedded ? 'embedded database' : 'PostgreSQL'}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, ceiling body ${formatNumber(bodyBytes)} bytes`);
    console.log('target                         req/s     p50 ms   p99 ms   ratio to ceiling');
    for (const r of results) {
      console.log(`${r.name.padEnd(30)} ${formatNumber(r.rps).padStart(8)} ${formatNumber(r.p50, 1).padStart(9)} ${formatNumber(r.p99, 1).padStart(8)}   ${(r.rps / ceiling).toFixed(3)}`);
    }
    const [, cachedFigures, , coldFigures] = results;
    console.log(
      `targets: cached ratio >= 0.5 (${(cachedFigures!.rps / ceiling).toFixed(3)}) and p99 < 20 ms (${formatNumber(cachedFigures!.p99, 1)} ms), ` +
        `cold p99 < 50 ms (${formatNumber(coldFigures!.p99, 1)} ms), largest 20-item feed < 50 KB (${formatNumber(largest / 1024, 1)} KB); ` +
        `${formatNumber(coldTurn)} cold feeds asked`,
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await runFeedsBenchmark();
