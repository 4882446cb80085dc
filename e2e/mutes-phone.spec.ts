import { checkPage, expect, signUpThroughApi, test, waitForStories } from './support.ts';
import { expectNoOverflow, muteFromCards } from './mutes-support.ts';

test('phone: muting from a card and the rules page fit the screen; the filters sheet takes a domain and a heat level', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpThroughApi(page);
  await page.goto('/?window=month&minScore=0');
  await waitForStories(page);
  await expectNoOverflow(page);
  await muteFromCards(page, 'phone', '/?window=month&minScore=0');

  await page.getByRole('button', { name: /Filters$/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Story filters' });
  await sheet.getByLabel('Heat').selectOption('trending');
  await expect(page).toHaveURL(/heat=trending/);
  await checkPage(page, 'phone-filters-sheet', async (p) => {
    await expect(p.getByRole('dialog', { name: 'Story filters' })).toBeVisible();
  });
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: /Filters$/ })).toContainText('Trending');
  await page.setViewportSize({ width: 320, height: 700 });
  await expectNoOverflow(page);
});
