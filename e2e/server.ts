/**
 * The server the browser tests drive (Playwright's webServer): the real product (server/main.ts, web build
 * included) on a fresh embedded database, fed by a replay of recorded Hacker News data played at real speed
 * from a busy moment and shifted to read as happening now. Port and data folder come from the environment
 * (playwright.config.ts chooses them); the data folder is removed on exit.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_DATA_DIR, loadDataset, startReplay } from '../tools/hn-replay/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, 'data/e2e');
/** Hours into the recording: enough history for velocities, and full lists. */
const HOURS_IN = 30;

// Same web build as `npm start` serves, rebuilt when stale.
await import('../scripts/ensure-web-build.ts');

// Without ../shared/data the replay generates data, so a clean clone still runs the tests.
const dataset = existsSync(DEFAULT_DATA_DIR) ? 'sample-week' : 'full';
const { range } = await loadDataset({ dataset });
const start = range.first + HOURS_IN * 3600;
const replay = await startReplay({ dataset, start, speed: 1, timeShift: Math.floor(Date.now() / 1000) - start, log: () => undefined });

// BENCH_SERVER_NODE_ARGS (from bench/web) profiles the product's server, as it does a benchmark's (bench/support.ts).
const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    HN_API_URL: replay.url,
    HN_MAX_NEW_ITEMS: '2000',
    // One full cycle at start fills the lists; later cycles would only compete with the browsers for the CPU.
    HN_POLL_SECONDS: '600',
    // Every browser of the tests signs in from 127.0.0.1: the per-address limit would refuse them as one guesser.
    SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
    // They sign up from there too, with addresses at a few domains, far more often than people do.
    SIGN_UPS_PER_HOUR_PER_ADDRESS: '100000',
    SIGN_UPS_PER_HOUR_PER_EMAIL_DOMAIN: '100000',
    // The browsers run tests side by side from that one address, which the general API limit counts as one client.
    // A benchmark's load (bench/web) turns the limit off.
    RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? '6000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  await replay.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code);
}
server.once('exit', (code) => void stop(code ?? 1));
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

const origin = `http://127.0.0.1:${port}`;

/** Asks every 250 ms until `holds` answers true, for at most two and a half minutes. */
async function waitUntil(holds: () => Promise<boolean>, failure: string): Promise<void> {
  for (let attempt = 0; !(await holds().catch(() => false)); attempt++) {
    if (attempt > 600) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The first account of a site becomes its admin. The site's owner signs up before any test does, so every
 * account a test creates is an ordinary user whatever order the tests run in.
 */
async function createSiteOwner(): Promise<void> {
  await waitUntil(async () => (await fetch(`${origin}/readyz`)).ok, 'the server did not become ready');
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'site-owner@example.com', name: 'Site Owner', password: `owner-${crypto.randomUUID()}` }),
  });
  if (!response.ok) throw new Error(`could not create the site owner: ${response.status} ${await response.text()}`);
}

/**
 * The startup cycle fills the lists a few seconds after the server answers. A test that reached the home before
 * then would get an empty page rendered with it, which nothing refreshes within the test's time.
 */
async function waitForStories(): Promise<void> {
  await waitUntil(async () => {
    const response = await fetch(`${origin}/api/stories/trending`);
    return response.ok && ((await response.json()) as { stories: unknown[] }).stories.length > 0;
  }, 'the startup ingestion cycle stored no stories');
}

await createSiteOwner();
await waitForStories();
// playwright.config.ts waits for this line.
console.log('[e2e] server ready');
