/**
 * bench/api: what people's list requests cost, against the ceiling (the same server answering a precomputed
 * body of the same size), at 50 connections, in one run:
 * - the ceiling; trending page 1 from the cache; the same and a cold trending list as a browser asks (brotli);
 * - cold lists of each sort, every request a new cache key (another min score 0-500, page 1-20 or window),
 *   while /healthz and a cached list are probed alongside on two connections each;
 * - deep pages: "top, all time", cold, pages spread over the whole list;
 * - a mix of 80 % cached pages (page 1 of each sort) and 20 % cold lists of every sort.
 * Prints requests per second, p50, p99 and the ratio to the ceiling.
 * Targets: cold lists p99 under 100 ms and at least 0.1 of the ceiling on PostgreSQL, 0.05 on the embedded
 * database; deep pages p99 under 20 ms and at least 0.5 of the ceiling; the mix at least 0.5 of the ceiling;
 * /healthz and the cached list p99 under 20 ms meanwhile.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { STORY_LIST_SORTS, type StoryListSort } from '#common/contracts/stories.ts';
import { TIME_FILTERS, timeFilterHours } from '#common/rules/time-windows.ts';
import { benchTargetSelected, formatNumber, serverCpuMicroseconds, withBenchServer } from '../support.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Only the ceiling and the cached list: how a change to every request's path (API usage recording) moves their ratio. */
const CACHED_ONLY = process.env.BENCH_API_CACHED_ONLY === '1';
const CONNECTIONS = 50;
const PROBE_CONNECTIONS = 2;
const CACHED_PATHS = STORY_LIST_SORTS.map((sort) => `/api/stories/${sort}?page=1&limit=50&timeFilter=3d&hours=72`);

const CEILING_PATH = '/bench/ceiling';
const MIX = 'mix: 80 % cached, 20 % cold';

const COLD_KEYS = 501 * 20 * TIME_FILTERS.length;

/**
 * The n-th cold list request of a sort, n < 60,120: each n is another key of min score 0-500, page 1-20 and the six
 * windows. n is scrambled first (7,919 is prime to 60,120, so no key repeats), so the keys of any stretch of
 * requests are spread over all pages, windows and min scores. The web app sends `hours` for every sort.
 */
export function coldPath(sort: StoryListSort, n: number): string {
  const key = (n * 7919) % COLD_KEYS;
  const minScore = key % 501;
  const page = 1 + (Math.floor(key / 501) % 20);
  const filter = TIME_FILTERS[Math.floor(key / 10_020)]!;
  const window = sort === 'trending' ? `timeFilter=${filter}` : `timeFilter=${filter}&hours=${timeFilterHours(filter)}`;
  return `/api/stories/${sort}?minScore=${minScore}&page=${page}&limit=50&${window}`;
}

/** The min scores and page sizes of the deep pages: each pair is another list, with its own number of pages. */
const DEEP_MIN_SCORES = 20;
const DEEP_LIMITS = [45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55];

/**
 * Every deep page of "top, all time" (min score 0-19, page sizes 45-55, every page of each up to its last, from the
 * totals the lists give), in an order that spreads any stretch of requests over the whole range: a stride prime to
 * their number, so no page repeats.
 */
export function deepPaths(totals: readonly number[]): string[] {
  const paths = totals.flatMap((total, minScore) =>
    DEEP_LIMITS.flatMap((limit) =>
      Array.from({ length: Math.ceil(total / limit) }, (_, i) => `/api/stories/top?minScore=${minScore}&page=${i + 1}&limit=${limit}`),
    ),
  );
  let stride = 7919;
  while (gcd(stride, paths.length) !== 1) stride += 2;
  return paths.map((_, n) => paths[(n * stride) % paths.length]!);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** What a browser sends: the answers then go out compressed. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** The server's CPU time (all its threads) over the run, per request of this target; none for the probes. */
  cpuMicroseconds?: number;
}

export async function runApiBenchmark(): Promise<void> {
  await withBenchServer<{ url: string; bodyBytes: number; embedded: boolean; cacheMb: number }>(path.join(import.meta.dirname, 'server.ts'), async ({ url, bodyBytes, embedded, cacheMb }) => {
    const results: Figures[] = [];
    // One counter per sort for the whole run: the warm-up's and the mix's keys are never asked again.
    const coldCount = new Map<StoryListSort, number>(STORY_LIST_SORTS.map((sort) => [sort, 0]));
    const nextCold = (sort: StoryListSort): string => {
      const n = coldCount.get(sort)!;
      coldCount.set(sort, n + 1);
      return coldPath(sort, n);
    };

    const load = async (name: string, paths: () => string, connections = CONNECTIONS, headers: Record<string, string> = {}): Promise<Figures> => {
      const probe = connections === PROBE_CONNECTIONS;
      const cpuBefore = probe ? 0 : await serverCpuMicroseconds(url);
      const result = await autocannon({
        url,
        connections,
        duration: DURATION_SECONDS,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
      });
      if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
        throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
      }
      const cpuMicroseconds = probe ? undefined : ((await serverCpuMicroseconds(url)) - cpuBefore) / result.requests.total;
      return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMicroseconds };
    };
    const warm = async (paths: () => string): Promise<void> => {
      await autocannon({ url, connections: 10, duration: 2, requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }] });
    };

    // Warm-up: fills the list cache and JIT-compiles the paths, as steady traffic would.
    let cachedTurn = 0;
    const cachedPath = () => CACHED_PATHS[cachedTurn++ % CACHED_PATHS.length]!;
    await warm(() => CEILING_PATH);
    await warm(() => CACHED_PATHS[0]!);
    if (CACHED_ONLY) return cachedRatioInSlices(url);
    results.push(await load('ceiling (precomputed body)', () => CEILING_PATH));
    if (benchTargetSelected('trending page 1, cached')) {
      results.push(await load('trending page 1, cached', () => CACHED_PATHS[0]!));
      // As a browser asks: every browser accepts brotli, so this is what people's pages cost.
      results.push(await load('  the same, brotli', () => CACHED_PATHS[0]!, CONNECTIONS, BROWSER_ENCODINGS));
    }
    if (benchTargetSelected('trending, cold, brotli')) {
      await warm(() => nextCold('trending'));
      results.push(await load('trending, cold, brotli', () => nextCold('trending'), CONNECTIONS, BROWSER_ENCODINGS));
    }

    const probes: Figures[] = [];
    for (const sort of STORY_LIST_SORTS.filter((sort) => benchTargetSelected(`${sort}, cold`))) {
      await warm(() => nextCold(sort));
      await warm(cachedPath);
      // The probes run in this process alongside the load: each is its own small autocannon.
      const [cold, health, cached] = await Promise.all([
        load(`${sort}, cold`, () => nextCold(sort)),
        load(`  /healthz meanwhile`, () => '/healthz', PROBE_CONNECTIONS),
        load(`  cached list meanwhile`, cachedPath, PROBE_CONNECTIONS),
      ]);
      results.push(cold);
      probes.push(health, cached);
    }

    // Deep pages: the totals read first (each a cold list too, never asked again), then every page in turn.
    if (benchTargetSelected('top, all time, deep pages')) await measureDeepPages();
    async function measureDeepPages(): Promise<void> {
      const totals: number[] = [];
      for (let minScore = 0; minScore < DEEP_MIN_SCORES; minScore++) {
        const first = await fetch(`${url}/api/stories/top?minScore=${minScore}&page=1&limit=1`);
        totals.push(((await first.json()) as { totalCount: number }).totalCount);
      }
      const deep = deepPaths(totals);
      let deepTurn = 0;
      const nextDeep = () => deep[deepTurn++ % deep.length]!;
      await warm(nextDeep);
      await warm(cachedPath);
      results.push(await load('top, all time, deep pages', nextDeep));
      if (deepTurn > deep.length) console.log(`deep pages: ${formatNumber(deepTurn)} requests for ${formatNumber(deep.length)} pages, some asked twice`);
    }

    let mixTurn = 0;
    if (benchTargetSelected(MIX)) {
      await warm(cachedPath);
      results.push(
        await load(MIX, () => {
          const turn = mixTurn++;
          return turn % 5 === 4 ? nextCold(STORY_LIST_SORTS[Math.floor(turn / 5) % STORY_LIST_SORTS.length]!) : cachedPath();
        }),
      );
    }

    const ceiling = results[0]!.rps;
    console.log(
      `\nbench/api: ${embedded ? `embedded database (page cache ${cacheMb} MB)` : 'PostgreSQL'}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, body ${formatNumber(bodyBytes)} bytes`,
    );
    console.log('target                         req/s     p50 ms   p99 ms   ratio to ceiling   server CPU µs a request');
    const row = (r: Figures, ratio: string) =>
      `${r.name.padEnd(30)} ${formatNumber(r.rps).padStart(8)} ${formatNumber(r.p50, 1).padStart(9)} ${formatNumber(r.p99, 1).padStart(8)}   ${ratio.padEnd(16)}   ${r.cpuMicroseconds === undefined ? '' : formatNumber(r.cpuMicroseconds)}`;
    for (const r of results) console.log(row(r, (r.rps / ceiling).toFixed(3)));
    console.log(`probes during the cold runs (${PROBE_CONNECTIONS} connections each), worst of the five:`);
    for (const name of ['  /healthz meanwhile', '  cached list meanwhile']) {
      const worst = probes.filter((p) => p.name === name).sort((a, b) => b.p99 - a.p99)[0];
      if (worst) console.log(row(worst, ''));
    }
    const coldRatio = embedded ? 0.05 : 0.1;
    const colds = results.filter((r) => r.name.endsWith(', cold'));
    const deepPages = results.find((r) => r.name.includes('deep pages'));
    const mix = results.find((r) => r.name === MIX);
    // With BENCH_ONLY, only the targets measured are judged.
    const judged = [
      colds.length > 0 &&
        `cold p99 < 100 ms (worst ${formatNumber(Math.max(...colds.map((c) => c.p99)), 1)} ms), ` +
          `cold ratio >= ${coldRatio} (worst ${(Math.min(...colds.map((c) => c.rps)) / ceiling).toFixed(3)})`,
      deepPages && `deep pages p99 < 20 ms (${formatNumber(deepPages.p99, 1)} ms) and ratio >= 0.5 (${(deepPages.rps / ceiling).toFixed(3)})`,
      mix && `mix ratio >= 0.5 (${(mix.rps / ceiling).toFixed(3)})`,
      probes.length > 0 && 'probes p99 < 20 ms',
    ];
    console.log(`targets: ${judged.filter(Boolean).join(', ')}`);
  });
}

/**
 * The cached list against the ceiling in alternating slices of SLICE_SECONDS, for BENCH_DURATION seconds each in
 * all: the machine's speed drifts by a quarter over a minute here, so two long runs one after the other compare
 * the drift as much as the two paths; slices taken in turn see the same drift. Prints the ratio of the totals, the
 * spread of the slices' ratios, and the server's CPU time per request of each (what a change to every request's
 * path costs, read without the load's noise: a server held to its CPU serves in inverse proportion to it).
 */
async function cachedRatioInSlices(url: string): Promise<void> {
  const SLICE_SECONDS = 2;
  const rounds = Math.max(1, Math.round(DURATION_SECONDS / SLICE_SECONDS));
  const serverCpu = () => serverCpuMicroseconds(url);
  const totals = new Map<string, { requests: number; cpu: number }>();
  const slice = async (path: string): Promise<number> => {
    const before = await serverCpu();
    const requests = (await autocannon({ url, connections: CONNECTIONS, duration: SLICE_SECONDS, requests: [{ path }] })).requests.total;
    const total = totals.get(path) ?? { requests: 0, cpu: 0 };
    totals.set(path, { requests: total.requests + requests, cpu: total.cpu + (await serverCpu()) - before });
    return requests;
  };
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Which goes first alternates, so neither always follows the other.
    let ceiling: number;
    let cached: number;
    if (round % 2 === 0) {
      ceiling = await slice(CEILING_PATH);
      cached = await slice(CACHED_PATHS[0]!);
    } else {
      cached = await slice(CACHED_PATHS[0]!);
      ceiling = await slice(CEILING_PATH);
    }
    ratios.push(cached / ceiling);
  }
  ratios.sort((a, b) => a - b);
  const ceiling = totals.get(CEILING_PATH)!;
  const cached = totals.get(CACHED_PATHS[0]!)!;
  const microsecondsPerRequest = (total: { requests: number; cpu: number }) => total.cpu / total.requests;
  console.log(
    `\nbench/api (cached only, ${rounds} rounds of ${SLICE_SECONDS} s each): ceiling ${formatNumber(ceiling.requests / (rounds * SLICE_SECONDS))} req/s, ` +
      `cached ${formatNumber(cached.requests / (rounds * SLICE_SECONDS))} req/s, ratio ${(cached.requests / ceiling.requests).toFixed(3)} ` +
      `(rounds: median ${ratios[Math.floor(rounds / 2)]!.toFixed(3)}, ${ratios[0]!.toFixed(3)}-${ratios.at(-1)!.toFixed(3)})\n` +
      `server CPU per request: ceiling ${microsecondsPerRequest(ceiling).toFixed(1)} µs, cached ${microsecondsPerRequest(cached).toFixed(1)} µs, ` +
      `ratio ${(microsecondsPerRequest(ceiling) / microsecondsPerRequest(cached)).toFixed(3)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runApiBenchmark();
