import { expect, signUpThroughApi, test } from './support.ts';
import { APP_READY_ATTRIBUTE } from '../web/src/prerendered.ts';

/**
 * A page the server rendered loads no script while it loads: its one script is inline (web/src/page-start.ts), and
 * the app starts on the page's first use, which it is then given, and adds the manifest to the head.
 */
test('the signed-in home fetches no script until it is used, and a switch pressed before the app ran takes effect', async ({ page }) => {
  await signUpThroughApi(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.reload({ waitUntil: 'load' });
  await expect(page.getByTestId('refresh-countdown')).toBeVisible();
  expect(scripts).toEqual([]);
  await expect(page.locator(`#root[${APP_READY_ATTRIBUTE}]`)).not.toBeAttached();
  // Nor the manifest and its icon, which the app's start adds.
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);

  // The press starts the app, is held while it loads, and is given to it once it runs.
  await page.getByRole('switch', { name: 'Auto-refresh' }).click();
  await expect(page.locator(`#root[${APP_READY_ATTRIBUTE}]`)).toBeAttached();
  await expect(page.getByTestId('refresh-countdown')).toBeHidden();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((path) => path.startsWith('/assets/'))).toBe(true);
});

test('a page nobody uses starts its app on its own, 10 s after it loaded', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
  await expect(page.locator(`#root[${APP_READY_ATTRIBUTE}]`)).not.toBeAttached();
  await expect(page.locator(`#root[${APP_READY_ATTRIBUTE}]`)).toBeAttached({ timeout: 30_000 });
});
