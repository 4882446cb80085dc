/**
 * bench/web: builds the web app, serves it with replayed demo data (e2e/server.ts), and runs Lighthouse (Debian's
 * chromium, simulated throttling) as HNPWA measures: the landing page for a visitor, the home for a signed-in
 * person (their cookie in Lighthouse's extraHeaders) and a story page, on HNPWA's two networks and on Lighthouse's
 * default mobile profile. In the same run, the floor: an empty page served by the same server (a file the bench
 * puts in the build for its run), what a page costs with nothing in it. Each page is audited BENCH_WEB_RUNS times
 * (default 5; the pages and profiles interleaved, so a busier minute touches them all) and the median printed with
 * the floor and each target. BENCH_WEB_REPORTS=<folder> keeps each run's Lighthouse report there.
 * Then the server's side of `/`: requests per second and latency for the visitor (a file held in memory) and for
 * the signed-in person (rendered per request), under load.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { formatNumber } from '../support.ts';

const PORT = process.env.BENCH_WEB_PORT ?? '3190';
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * The floor: a page with nothing but a line of text (Lighthouse needs something painted), put into the build for
 * the bench's run only, so the same server sends it as it sends the others' files, compressed alike.
 */
const FLOOR_FILE = 'bench-floor.html';
const FLOOR_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Floor</title></head><body><p>An empty page.</p></body></html>';

async function writeFloorPage(): Promise<() => Promise<void>> {
  const file = path.join(WEB_DIST_DIR, FLOOR_FILE);
  const body = Buffer.from(FLOOR_HTML);
  await writeFile(file, body);
  await writeFile(`${file}.br`, brotliCompressSync(body));
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  return async () => {
    for (const suffix of ['', '.br', '.gz']) await rm(`${file}${suffix}`, { force: true });
  };
}

/** Ten minutes: on a busy machine the server takes minutes to build, start and fill its lists. */
async function waitFor(check: () => Promise<boolean>, what: string, seconds = 600): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A person with onboarding done, so the story list is what Lighthouse sees. */
async function signedInCookie(): Promise<string> {
  const signUp = await fetch(`${ORIGIN}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, name: 'Bench Reader', password: 'correct horse battery staple' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const onboarding = await fetch(`${ORIGIN}/api/user/onboarding/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
    body: JSON.stringify({ emailNotifications: false, weeklyDigest: false }),
  });
  if (!onboarding.ok) throw new Error(`onboarding failed: ${onboarding.status}`);
  return cookie;
}

/** The story the story page shows: the top of the trending list. */
async function trendingStoryId(): Promise<number> {
  const { stories } = (await (await fetch(`${ORIGIN}/api/demo/trending?limit=1`)).json()) as { stories: { id: number }[] };
  if (!stories[0]) throw new Error('no trending story for the story page');
  return stories[0].id;
}

/** Lighthouse's own conversion of a network's round trip and throughput into the figures of its other throttling methods. */
const DEVTOOLS_RTT_ADJUSTMENT_FACTOR = 3.75;
const DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR = 0.9;

/** A network and a CPU slowdown, simulated (Lighthouse loads the page at full speed and computes the timings). */
function simulated(rttMs: number, downKbps: number, upKbps: number): Flags {
  return {
    throttlingMethod: 'simulate',
    throttling: {
      rttMs,
      throughputKbps: downKbps,
      requestLatencyMs: rttMs * DEVTOOLS_RTT_ADJUSTMENT_FACTOR,
      downloadThroughputKbps: downKbps * DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR,
      uploadThroughputKbps: upKbps * DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR,
      cpuSlowdownMultiplier: 4,
    },
  };
}

interface Profile {
  name: string;
  description: string;
  flags: Flags;
  /** Each page's time to interactive may exceed the floor's by at most this. */
  ttiOverFloorMs?: number;
  /** The first-screen targets, on Lighthouse's default profile. */
  pageTargets?: boolean;
}

/** HNPWA's two networks (WebPageTest's 'Faster 3G' upload, 768 kbit/s), and Lighthouse's default mobile profile. */
const PROFILES: Profile[] = [
  { name: 'faster-3g', description: "'Faster 3G': 1.6 Mbit/s, 300 ms RTT, 4x CPU slowdown, simulated", flags: simulated(300, 1600, 768), ttiOverFloorMs: 300 },
  { name: 'emerging-markets', description: "'Emerging Markets': 400 kbit/s, 400 ms RTT, 4x CPU slowdown, simulated", flags: simulated(400, 400, 400), ttiOverFloorMs: 500 },
  { name: 'mobile', description: "Lighthouse's default mobile profile: 1.6 Mbit/s, 150 ms RTT, 4x CPU slowdown, simulated", flags: {}, pageTargets: true },
];

const TARGETS = { lcpMs: 1000, tbtMs: 50, cls: 0.02, score: 95 };
/** Lighthouse's simulated TCP: a new connection's first window, ten segments of 1,460 bytes. */
const FIRST_WINDOW_BYTES = 10 * 1460;

interface PageFigures {
  ttiMs: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The JavaScript of the page's own origin, as sent (compressed). */
  scriptKb: number;
  /** The page's HTML as sent: compressed, with its headers. */
  documentKb: number;
  /** Lighthouse's server response time for the page (its `server-response-time` audit). */
  serverMs: number;
  /**
   * Lighthouse's measure of this machine's speed during the audit (higher is faster): the simulation multiplies
   * the tasks it saw, so runs on machines of different speeds compare only beside it.
   */
  benchmarkIndex: number;
}

interface Page {
  name: string;
  url: string;
  cookie?: string;
}

/** How many times a page is audited before its failure ends the run. */
const AUDIT_ATTEMPTS = 3;

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, a few audits in a hundred, on every kind of page,
 * the empty one too); another attempt is then fair.
 */
async function audit(page: Page, profile: Profile): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(page, profile);
    } catch (error) {
      if (attempt === AUDIT_ATTEMPTS) throw error;
      console.error(`${page.name}, ${profile.name}: ${(error as Error).message}; trying again`);
    }
  }
}

async function auditOnce(page: Page, profile: Profile): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      logLevel: 'error',
      // The full-page screenshot is for people reading a report; no figure reads it.
      disableFullPageScreenshot: true,
      ...profile.flags,
      ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${page.url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${page.url}: ${result.lhr.runtimeError.message}`);
    if (process.env.BENCH_WEB_REPORTS) {
      await mkdir(process.env.BENCH_WEB_REPORTS, { recursive: true });
      await writeFile(path.join(process.env.BENCH_WEB_REPORTS, `${page.name.replace(/\W+/g, '-')}-${profile.name}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    const { audits, categories } = result.lhr;
    const requests = (audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const scripts = requests.filter((request) => request.resourceType === 'Script' && request.url.startsWith(ORIGIN));
    // The page itself: the first request.
    const documentBytes = requests.find((request) => request.resourceType === 'Document')?.transferSize ?? NaN;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      ttiMs: audits.interactive?.numericValue ?? NaN,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      scriptKb: scripts.reduce((sum, script) => sum + (script.transferSize ?? 0), 0) / 1024,
      documentKb: documentBytes / 1024,
      serverMs: audits['server-response-time']?.numericValue ?? NaN,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's figures move from run to run (TBT most); its own advice is to take the median of several.
 * BENCH_WEB_RUNS=0 skips Lighthouse and measures only the server's side.
 */
const RUNS = Math.max(0, Number(process.env.BENCH_WEB_RUNS ?? 5));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianFigures(runs: PageFigures[]): PageFigures {
  const keys = Object.keys(runs[0]!) as (keyof PageFigures)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as PageFigures;
}

/** What misses its target on this page and profile (an empty list when all hold). */
function missedTargets(page: PageFigures, floor: PageFigures, profile: Profile): string[] {
  const missed: string[] = [];
  if (profile.ttiOverFloorMs !== undefined && page.ttiMs - floor.ttiMs > profile.ttiOverFloorMs) missed.push(`TTI > floor + ${profile.ttiOverFloorMs} ms`);
  if (profile.pageTargets) {
    if (page.lcpMs > TARGETS.lcpMs) missed.push(`LCP > ${TARGETS.lcpMs} ms`);
    if (page.tbtMs > TARGETS.tbtMs) missed.push(`TBT > ${TARGETS.tbtMs} ms`);
    if (page.cls > TARGETS.cls) missed.push(`CLS > ${TARGETS.cls}`);
    const scores = { performance: page.performance, accessibility: page.accessibility, 'best practices': page.bestPractices, SEO: page.seo };
    for (const [category, value] of Object.entries(scores)) if (value < TARGETS.score) missed.push(`${category} < ${TARGETS.score}`);
  }
  return missed;
}

function printLighthouse(pages: Page[], figures: Map<string, PageFigures[]>): void {
  const [floorPage, ...productPages] = pages;
  const load = loadavg().map((value) => value.toFixed(2)).join(', ');
  const speeds = [...figures.values()].flat().map((run) => run.benchmarkIndex);
  console.log(`\nbench/web: Lighthouse ${RUNS} run(s) per page and profile, median shown; Debian chromium; load average now ${load}`);
  console.log(
    `this machine's speed, Lighthouse's benchmark index (higher is faster): median ${formatNumber(median(speeds))}, ${formatNumber(Math.min(...speeds))}-${formatNumber(Math.max(...speeds))} over the audits`,
  );
  for (const profile of PROFILES) {
    const floor = medianFigures(figures.get(`${floorPage!.name}|${profile.name}`)!);
    console.log(`\n${profile.name}: ${profile.description}. Floor (an empty page, same server): TTI ${formatNumber(floor.ttiMs)} ms`);
    console.log('page                     TTI ms  over floor   FCP ms   LCP ms   TBT ms    CLS  perf a11y  b.p.  SEO   JS KB  page KB  server ms  targets');
    for (const page of pages) {
      const median = medianFigures(figures.get(`${page.name}|${profile.name}`)!);
      const isFloor = page === floorPage;
      const missed = missedTargets(median, floor, profile);
      console.log(
        [
          page.name.padEnd(22),
          formatNumber(median.ttiMs).padStart(7),
          (isFloor ? '' : `${median.ttiMs >= floor.ttiMs ? '+' : ''}${formatNumber(median.ttiMs - floor.ttiMs)}`).padStart(11),
          formatNumber(median.fcpMs).padStart(8),
          formatNumber(median.lcpMs).padStart(8),
          formatNumber(median.tbtMs).padStart(8),
          median.cls.toFixed(3).padStart(6),
          String(median.performance).padStart(5),
          String(median.accessibility).padStart(4),
          String(median.bestPractices).padStart(5),
          String(median.seo).padStart(4),
          formatNumber(median.scriptKb, 1).padStart(7),
          formatNumber(median.documentKb, 1).padStart(8),
          formatNumber(median.serverMs).padStart(10),
          isFloor ? '(floor)' : missed.length === 0 ? 'all hold' : `MISSED: ${missed.join('; ')}`,
        ].join(' '),
      );
    }
    if (process.env.BENCH_WEB_EACH_RUN) {
      for (const page of productPages) console.log(`  ${page.name} TTI each run: ${figures.get(`${page.name}|${profile.name}`)!.map((run) => formatNumber(run.ttiMs)).join(', ')}`);
    }
  }
  console.log(
    `\ntargets: TTI within 300 ms of the floor on faster-3g and 500 ms on emerging-markets; on mobile LCP <= ${TARGETS.lcpMs} ms, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}, each score >= ${TARGETS.score}`,
  );
  console.log(
    `page KB: the page's HTML as sent, headers included; the simulation sends a new connection's first ${formatNumber(FIRST_WINDOW_BYTES / 1024, 1)} KB in one round trip, so a page over that takes one more. server ms: Lighthouse's server response time for it, which the simulation adds as it is.`,
  );
}

const LOAD_CONNECTIONS = 10;
const LOAD_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
/**
 * Each page is loaded this long before it is measured, as on a server that has been running: the first seconds
 * after start run code the engine has not compiled yet (the home at about two thirds of its settled rate).
 */
const WARM_UP_SECONDS = 5;

/**
 * The product's server: the child of e2e/server.ts running server/main.ts. It may have another child: when it had
 * to build the web app first, the bundler's helper process stays.
 */
function productServerPid(e2ePid: number): number {
  const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(e2ePid)], { encoding: 'utf8' }).trim().split('\n');
  const servers = children.filter((line) => line.includes('server/main.ts')).map((line) => Number(line.trim().split(/\s+/)[0]));
  if (servers.length !== 1 || !servers[0]) throw new Error(`expected one server process under ${e2ePid}, found: ${children.join('; ')}`);
  return servers[0];
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The CPU a process has used so far, all its threads, in milliseconds (Linux's /proc). */
function processCpuMilliseconds(pid: number): number {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * `/` under load, uncompressed: the landing page the server holds in memory, then the signed-in home it renders
 * per request. Every answer is checked to be the page meant (a failed render falls back to the plain app). Beside
 * each, `/healthz` on one connection: how long the pages hold up a request that needs nothing from them.
 */
async function serverThroughput(cookie: string, serverPid: number): Promise<void> {
  const targets = [
    { name: 'landing page (a file)', headers: {}, marker: 'data-prerendered' },
    { name: 'signed-in home (rendered)', headers: { cookie }, marker: 'id="app-state"' },
  ];
  console.log(`
bench/web: the server's side, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up, uncompressed`);
  console.log('page                           req/s     p50 ms   p99 ms   KB per page   /healthz p99 ms   server CPU ms per page');
  for (const target of targets) {
    const options = { url: `${ORIGIN}/`, headers: target.headers, connections: LOAD_CONNECTIONS };
    await autocannon({ ...options, duration: WARM_UP_SECONDS });
    const cpuBefore = processCpuMilliseconds(serverPid);
    // A probe beside the load: one connection asking for /healthz, which waits only on what else holds the HTTP thread.
    const [result, probe] = await Promise.all([
      autocannon({ ...options, duration: LOAD_SECONDS, verifyBody: (body) => String(body ?? '').includes(target.marker) }),
      autocannon({ url: `${ORIGIN}/healthz`, connections: 1, duration: LOAD_SECONDS }),
    ]);
    if (result.non2xx > 0 || result.errors > 0 || result.mismatches > 0) {
      throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.mismatches} other pages`);
    }
    const kilobytes = result.throughput.average / result.requests.average / 1024;
    // Every thread's CPU (HTTP, render, database), over the pages and the probe's requests alike.
    const cpuPerPage = (processCpuMilliseconds(serverPid) - cpuBefore) / result.requests.total;
    console.log(
      `${target.name.padEnd(28)} ${formatNumber(result.requests.average).padStart(8)} ${formatNumber(result.latency.p50, 1).padStart(9)} ${formatNumber(result.latency.p99, 1).padStart(8)} ${formatNumber(kilobytes, 1).padStart(13)} ${formatNumber(probe.latency.p99, 1).padStart(17)} ${formatNumber(cpuPerPage, 1).padStart(24)}`,
    );
  }
}

export async function runWebBenchmark(): Promise<void> {
  // Another server on the port would be audited in place of this one's.
  if (await fetch(`${ORIGIN}/healthz`).then(() => true, () => false)) throw new Error(`port ${PORT} is taken: choose another with BENCH_WEB_PORT`);
  // Built before the floor page goes into the build: a build empties its folder.
  await import('../../scripts/ensure-web-build.ts');
  const removeFloorPage = await writeFloorPage();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hn-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../e2e/server.ts')], {
    // The rate limit off, as in bench/api: the load test below sends thousands of requests from one address.
    env: { ...process.env, E2E_PORT: PORT, E2E_DATA_DIR: dataDir, E2E_LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'error', RATE_LIMIT_PER_MINUTE: '0' },
    stdio: 'inherit',
  });
  try {
    await waitFor(async () => (await fetch(`${ORIGIN}/readyz`)).ok, 'the server');
    await waitFor(async () => ((await (await fetch(`${ORIGIN}/api/demo/trending?limit=3`)).json()) as { stories: unknown[] }).stories.length === 3, 'the first ingestion cycle');
    const cookie = await signedInCookie();
    const pages: Page[] = [
      { name: 'floor (empty page)', url: `${ORIGIN}/${FLOOR_FILE}` },
      { name: 'landing (visitor)', url: `${ORIGIN}/` },
      { name: 'home (signed in)', url: `${ORIGIN}/`, cookie },
      { name: 'story page (visitor)', url: `${ORIGIN}/stories/${await trendingStoryId()}` },
    ];
    const figures = new Map<string, PageFigures[]>();
    for (let run = 0; run < RUNS; run++) {
      for (const profile of PROFILES) {
        for (const page of pages) {
          const key = `${page.name}|${profile.name}`;
          figures.set(key, [...(figures.get(key) ?? []), await audit(page, profile)]);
        }
      }
    }
    if (RUNS > 0) printLighthouse(pages, figures);
    await serverThroughput(cookie, productServerPid(server.pid!));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
    await removeFloorPage();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runWebBenchmark();
