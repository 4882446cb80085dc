import { checkPage, expect, gotoKeywordsWithData, signUpThroughApi, test } from './support.ts';

test('phone: the keywords page, its tabs and the alert dialog fit the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page);
  await gotoKeywordsWithData(page);
  const hot = page.getByRole('list', { name: 'Hot keywords' }).getByRole('listitem');
  const noOverflow = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await noOverflow();

  for (const tab of ['Insights', 'Trend Analysis', 'My Alerts', 'Hot Keywords']) {
    await page.getByRole('tab', { name: tab }).tap();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await noOverflow();
  }

  const keyword = (await hot.first().getByRole('button').first().textContent())!.trim();
  await hot.first().getByRole('button', { name: `Create alert for ${keyword}` }).tap();
  const dialog = page.getByRole('dialog', { name: 'Create Keyword Alert' });
  await expect(dialog.getByRole('button', { name: 'Create Alert' })).toBeInViewport();
  await checkPage(page, 'phone-keyword-alert-dialog', async (p) => {
    await expect(p.getByRole('dialog', { name: 'Create Keyword Alert' })).toBeVisible();
  });
  await dialog.getByRole('button', { name: 'Create Alert' }).tap();
  await expect(page.getByText('Alert created')).toBeVisible();

  await page.getByRole('tab', { name: 'My Alerts' }).tap();
  const alert = page.getByTestId('keyword-alert').filter({ hasText: keyword });
  await alert.getByRole('button', { name: `Pause alert for ${keyword}` }).tap();
  await expect(alert).toContainText('Paused');
  await alert.getByRole('button', { name: `Delete alert for ${keyword}` }).tap();
  await expect(page.getByText('No keyword alerts yet')).toBeVisible();
  await checkPage(page, 'phone-keywords', async (p) => {
    await expect(p.getByText('No keyword alerts yet')).toBeVisible();
  });
});
