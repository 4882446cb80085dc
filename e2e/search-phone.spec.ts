import { checkPage, expect, signUpThroughApi, test } from './support.ts';

test('phone: the search page and its filters fit the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page);
  // Stories of 200 points or more: a page short enough for a full-page screenshot on a loaded machine.
  await page.goto('/search?minScore=200&sort=comments');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  // The panel opens by itself when the URL names a filter.
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Comments');
  await expect(page.getByTestId('active-filter-count')).toHaveText('2');
  await expect(page.getByLabel('Min score')).toHaveValue('200');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await checkPage(page, 'phone-search', async (p) => {
    await expect(p.getByRole('searchbox', { name: 'Search stories' })).toBeVisible();
  });
});
