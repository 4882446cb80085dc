import { checkPage, expect, signUpThroughApi, test, waitForStories } from './support.ts';

test('phone: the /feeds page and the list\'s Feed button fit the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/feeds');
  await expect(page.getByRole('heading', { level: 1, name: 'Feeds' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await checkPage(page, 'phone-feeds-page', async (p) => {
    await expect(p.getByRole('heading', { level: 2, name: 'Parameters' })).toBeVisible();
  });

  await signUpThroughApi(page);
  await page.goto('/');
  await waitForStories(page);
  await page.getByRole('button', { name: /Filters$/ }).click();
  await page.getByRole('dialog', { name: 'Story filters' }).getByRole('button', { name: 'Feed', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Feed of Trending stories' });
  await expect(dialog.getByRole('textbox', { name: 'RSS 2.0' })).toHaveValue(/\/feeds\/trending\.rss(\?points=\d+)?$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await checkPage(page, 'phone-feed-dialog', async (p) => {
    await expect(p.getByRole('dialog', { name: 'Feed of Trending stories' })).toBeVisible();
  });
});
