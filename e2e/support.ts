import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every browser test; skipped on a machine without chromium (the config fails instead in CI). */
export const test = base.extend<object>({});
test.beforeEach(() => {
  test.skip(!existsSync(chromiumPath), `no chromium at ${chromiumPath}`);
});
export { expect };

const THEME_STORAGE_KEY = 'hn-trends-theme';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../test-results/screenshots');

/**
 * Checks the page open now in the light and the dark theme: no serious or critical axe violations, and a
 * full-page screenshot of each kept in test-results/screenshots. `ready` waits for the page's content.
 */
export async function checkPage(page: Page, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_STORAGE_KEY, theme]);
    await page.reload();
    await ready(page);
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
      `axe violations on ${name} (${theme})`,
    ).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${theme}.png`), fullPage: true });
  }
  await page.evaluate((key) => localStorage.removeItem(key), THEME_STORAGE_KEY);
}

/** The product's embedded database, reached on its unix socket, for switching site settings. */
export async function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const client = new pg.Client({ host: path.join(dataDir, 'run'), user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Waits until the story list shows stories (the first ingestion cycle may still be running). */
export async function waitForStories(page: Page): Promise<void> {
  await expect(page.getByRole('list', { name: 'Stories' }).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
}
