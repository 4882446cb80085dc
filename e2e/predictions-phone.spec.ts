import { checkPage, expect, gotoPredictionsWithData, signUpThroughApi, test } from './support.ts';

test('phone: the predictions page and its tabs fit the screen', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpThroughApi(page);
  await gotoPredictionsWithData(page);
  const noOverflow = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await noOverflow();
  await checkPage(page, 'phone-predictions', async (p) => {
    await expect(p.getByRole('list', { name: 'Predicted stories' }).getByRole('article').first()).toBeVisible();
  });
  for (const tab of ['Accuracy Dashboard', 'Performance Trends', 'Recent Outcomes']) {
    await page.getByRole('tab', { name: tab }).tap();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await noOverflow();
    await checkPage(page, `phone-predictions-${tab.toLowerCase().replaceAll(' ', '-')}`, async (p) => {
      await expect(p.getByRole('tabpanel')).toBeVisible();
    });
  }
});
