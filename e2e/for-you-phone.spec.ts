import { checkPage, expect, signUpThroughApi, test } from './support.ts';
import { expectNoOverflow } from './mutes-support.ts';
import { api, seedStories, uniqueWord } from './for-you-support.ts';

test('phone: For you, reached from the menu, fits the screen with its reasons', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpThroughApi(page);
  const word = uniqueWord('Quillorn');
  const [kept] = await seedStories([`${word} turns ten`, `What is new in ${word} this year, a very long title that has to wrap on a small phone screen`]);
  await api(page, 'POST', '/api/story-watches', { storyId: kept });

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'For you', exact: true }).click();
  await expect(page).toHaveURL(/\/for-you$/);
  const item = page.getByRole('list', { name: 'Recommended stories' }).getByTestId('recommendation').first();
  await expect(item).toContainText(`Because you watch “${word} turns ten”`);
  await expectNoOverflow(page);
  await checkPage(page, 'phone-for-you', async (p) => {
    await expect(p.getByRole('list', { name: 'Recommended stories' })).toBeVisible();
  });
  await page.setViewportSize({ width: 320, height: 700 });
  await expectNoOverflow(page);
});
