import { checkPage, expect, signUpAs, test } from './support.ts';

/** Shared-links analytics on a phone: the totals wrap and each table scrolls on its own, inside the screen. */
test('phone: shared-links analytics fits the screen', async ({ page }) => {
  await signUpAs(page, 'admin', 'Phone Shares');
  await page.goto('/admin/shared-links-analytics?days=90');
  await expect(page.getByRole('heading', { name: 'Shared Links Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last 7 days' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await checkPage(page, 'phone-admin-shared-links', async (p) => {
    await expect(p.getByRole('region', { name: 'Last 7 days' })).toBeVisible();
  });
});

/** The analytics page on a phone: totals wrap, stories and tables stay inside the screen. */
test('phone: the analytics page fits the screen', async ({ page }) => {
  await signUpAs(page, 'admin', 'Phone Analytics');
  await page.goto('/admin/analytics?timeframe=168');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'API usage' })).toBeVisible();
  await expect(page.getByLabel('Totals')).not.toContainText('…');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await checkPage(page, 'phone-admin-analytics', async (p) => {
    await expect(p.getByRole('region', { name: 'Popular stories' })).toBeVisible();
  });
});
