import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test, toast, waitForStories } from './support.ts';

/** Details a person sees in the browser: a toast's own icon, a refresh that failed, an unsubscribe link cut short. */

/** What the browser draws as the `::before` of each toast's icon box (sonner's `data-icon`), as content and background. */
const toastIconBefore = (page: Page) =>
  page.locator('[data-sonner-toast] [data-icon]').evaluateAll((boxes) =>
    boxes.map((box) => {
      const before = getComputedStyle(box, '::before');
      return { content: before.content, background: before.backgroundColor };
    }),
  );

test('a refresh that failed says what happened, and its toast shows no square over its first letter', async ({ page }) => {
  await signUpThroughApi(page);
  await waitForStories(page);
  // The server's answer when Hacker News cannot be reached (test/refresh-failure.test.ts proves it answers so).
  const message = 'Refresh failed: Hacker News could not be reached. Showing the stories we have.';
  await page.route('**/api/stories/refresh', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ refreshed: false, message, cycle: { id: 1, status: 'failed', startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(), storiesUpserted: 0 } }),
    }),
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(toast(page, 'Stories refreshed successfully!')).toHaveCount(0);
  const icons = await toastIconBefore(page);
  expect(icons.length).toBeGreaterThan(0);
  for (const icon of icons) expect(icon.content).toBe('none');

  // The drawn icons of the story cards still draw.
  const heat = page.locator('[data-heat][data-icon]').first();
  await expect(heat).toBeVisible();
  expect(await heat.evaluate((badge) => getComputedStyle(badge, '::before').content)).not.toBe('none');
});

test("/unsubscribe without a token says 'Invalid unsubscribe link'", async ({ page }) => {
  const response = await page.goto('/unsubscribe');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Invalid unsubscribe link')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});
