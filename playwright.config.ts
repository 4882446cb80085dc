import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: Playwright's runner driving Debian's chromium against the real server (e2e/server.ts).
 * The port and data folder are chosen once, here in the main process; workers inherit them through the
 * environment, as they load this file again.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
if (!hasChromium && process.env.CI) {
  throw new Error(`No chromium at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
}

function freePort(): string {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

/** Set E2E_BASE_URL (and E2E_DATA_DIR) to run against an e2e/server.ts already running, while iterating. */
const externalServer = process.env.E2E_BASE_URL;
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'hn-trends-e2e-'));
const baseURL = externalServer ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalTeardown: './e2e/global-teardown.ts',
  // In CI two browsers, the server and its database share two cores: a full-page check (axe and a screenshot, in
  // light and dark) takes 10-30 s there, against 2-5 s on a quiet machine, so the default limit doubles.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI: two tests (the long sign-up journey, an axe contrast check caught mid-transition) have
  // failed once in about ten runs on a loaded machine. A retried pass is still reported as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker (web/sw/sw.ts) answers requests from its caches and outside the page, where
    // page.route and the page's request events do not see them: tests of other subjects run without it, and
    // e2e/offline.spec.ts, whose subject it is, allows it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', testIgnore: /(maintenance|phone)\.spec\.ts/, use: { viewport: { width: 1280, height: 900 } } },
    { name: 'phone', testMatch: /phone\.spec\.ts/, use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    // Maintenance mode switches the whole site, so it runs alone after the others.
    { name: 'maintenance', testMatch: /maintenance\.spec\.ts/, dependencies: ['desktop', 'phone'] },
  ],
  webServer: hasChromium && !externalServer
    ? {
        command: 'node --import tsx e2e/server.ts',
        // Printed once the site's owner account exists and the startup cycle has filled the lists (e2e/server.ts).
        // No `url`: Playwright starts the tests at whichever comes first, and /readyz answers before either.
        wait: { stdout: /\[e2e\] server ready/ },
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
      }
    : undefined,
});
