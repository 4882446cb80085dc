/**
 * bench/web: builds the web app, serves it with replayed demo data (e2e/server.ts), and runs Lighthouse (mobile
 * preset, Debian's chromium) on `/` for a visitor and on the story list for a signed-in person. Prints the
 * performance score, LCP, TBT, CLS and the JavaScript each page loads (as sent, and gzipped), for each of
 * BENCH_WEB_RUNS runs (default 3) and their median. BENCH_WEB_REPORTS=<folder> keeps each run's Lighthouse report
 * and trace there. Then the server's side of the same two pages: requests per second and latency of `/` for the
 * visitor (a file held in memory) and for the signed-in person (rendered per request), under load.
 * Targets: score >= 95, LCP < 2.0 s, CLS < 0.05, <= 150 KB gzipped JavaScript before the landing
 * page is interactive.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { formatNumber } from '../support.ts';

const PORT = process.env.BENCH_WEB_PORT ?? '3190';
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function waitFor(check: () => Promise<boolean>, what: string, seconds = 180): Promise<void> {
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

interface PageFigures {
  name: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  scriptGzipBytes: number;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); one more attempt is then fair. */
async function audit(name: string, url: string, cookie?: string): Promise<PageFigures> {
  try {
    return await auditOnce(name, url, cookie);
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}; trying once more`);
    return auditOnce(name, url, cookie);
  }
}

async function auditOnce(name: string, url: string, cookie?: string): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance'],
      logLevel: 'error',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
    if (process.env.BENCH_WEB_REPORTS) {
      await mkdir(process.env.BENCH_WEB_REPORTS, { recursive: true });
      const base = path.join(process.env.BENCH_WEB_REPORTS, `${name.replace(/\W+/g, '-')}${Date.now()}`);
      await writeFile(`${base}.json`, JSON.stringify(result.lhr));
      await writeFile(`${base}.trace.json`, JSON.stringify(result.artifacts.Trace));
    }
    const { audits, categories } = result.lhr;
    const requests = (audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    if (process.env.BENCH_DEBUG) console.log(requests.map((r) => `${r.resourceType} ${r.transferSize} ${r.url}`).join('\n'));
    const scripts = requests.filter((request) => request.resourceType === 'Script' && request.url.startsWith(ORIGIN));
    let gzipBytes = 0;
    for (const script of scripts) {
      const response = await fetch(script.url, { headers: cookie ? { cookie } : {} });
      if (!response.ok) throw new Error(`${script.url}: ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      gzipBytes += gzipSync(body, { level: 9 }).length;
    }
    return {
      name,
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      scriptBytes: scripts.reduce((sum, script) => sum + (script.transferSize ?? 0), 0),
      scriptGzipBytes: gzipBytes,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse's figures move from run to run (TBT most); its own advice is to take the median of several.
 * BENCH_WEB_RUNS=0 skips Lighthouse and measures only the server's side.
 */
const RUNS = Math.max(0, Number(process.env.BENCH_WEB_RUNS ?? 3));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianFigures(pages: PageFigures[]): PageFigures {
  const of = (pick: (page: PageFigures) => number) => median(pages.map(pick));
  return {
    name: pages[0]!.name,
    score: of((page) => page.score),
    lcpMs: of((page) => page.lcpMs),
    tbtMs: of((page) => page.tbtMs),
    cls: of((page) => page.cls),
    scriptBytes: of((page) => page.scriptBytes),
    scriptGzipBytes: of((page) => page.scriptGzipBytes),
  };
}

function printRow(label: string, page: PageFigures): void {
  console.log(
    `${label.padEnd(26)} ${String(page.score).padStart(6)} ${formatNumber(page.lcpMs).padStart(8)} ${formatNumber(page.tbtMs).padStart(8)} ${page.cls.toFixed(3).padStart(6)} ${formatNumber(page.scriptBytes / 1024, 1).padStart(12)} ${formatNumber(page.scriptGzipBytes / 1024, 1).padStart(15)}`,
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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hn-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../e2e/server.ts')], {
    // The rate limit off, as in bench/api: the load test below sends thousands of requests from one address.
    env: { ...process.env, E2E_PORT: PORT, E2E_DATA_DIR: dataDir, E2E_LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '0' },
    stdio: 'inherit',
  });
  try {
    await waitFor(async () => (await fetch(`${ORIGIN}/readyz`)).ok, 'the server');
    await waitFor(async () => ((await (await fetch(`${ORIGIN}/api/demo/trending?limit=3`)).json()) as { stories: unknown[] }).stories.length === 3, 'the first ingestion cycle');
    const cookie = await signedInCookie();
    const runs: { landing: PageFigures; list: PageFigures }[] = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push({ landing: await audit('landing page (visitor)', `${ORIGIN}/`), list: await audit('story list (signed in)', `${ORIGIN}/`, cookie) });
    }
    if (RUNS > 0) printLighthouse(runs);
    await serverThroughput(cookie, productServerPid(server.pid!));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printLighthouse(runs: { landing: PageFigures; list: PageFigures }[]): void {
  console.log(`\nbench/web: Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), Debian chromium, ${RUNS} runs`);
  console.log('page                        score   LCP ms   TBT ms    CLS    JS sent KB   JS gzipped KB');
  for (const key of ['landing', 'list'] as const) {
    const pages = runs.map((run) => run[key]);
    for (const page of pages) printRow(`${page.name}`, page);
    if (RUNS > 1) printRow(`  median of ${RUNS}`, medianFigures(pages));
  }
  console.log('targets: score >= 95, LCP < 2000 ms, CLS < 0.05, landing page JavaScript <= 150 KB gzipped');
}

if (import.meta.url === `file://${process.argv[1]}`) await runWebBenchmark();
