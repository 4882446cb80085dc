import { checkPage, expect, seedStoryWithHistory, test } from './support.ts';

test('phone: the story page, its charts and table fit the screen', async ({ page }) => {
  test.setTimeout(180_000);
  const { id, title } = await seedStoryWithHistory();
  const noOverflow = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.goto(`/stories/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Rank on the top list/ })).toBeVisible();
  await noOverflow();
  await checkPage(page, 'phone-story-page', async (p) => {
    await expect(p.getByTestId('story-facts')).toBeVisible();
  });
  await page.getByRole('button', { name: 'Show as table' }).tap();
  await expect(page.getByTestId('history-table').getByRole('row')).toHaveCount(5);
  await noOverflow();
  await checkPage(page, 'phone-story-page-table', async (p) => {
    await expect(p.getByTestId('history-table')).toBeVisible();
  });
  await page.setViewportSize({ width: 320, height: 700 });
  await noOverflow();
});
