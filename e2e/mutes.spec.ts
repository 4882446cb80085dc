import { checkPage, expect, signUpThroughApi, test, toast, waitForStories } from './support.ts';
import { cards, muteFromCards, titleOf } from './mutes-support.ts';

test('desktop: muting from a card, undo, the x key, the rules page, and the domain and heat filters in the URL', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpThroughApi(page);
  await page.goto('/?window=month&minScore=0');
  await waitForStories(page);
  await muteFromCards(page, 'desktop', '/?window=month&minScore=0');

  // x hides the focused story (j focuses the first).
  await page.goto('/?window=month&minScore=0');
  await waitForStories(page);
  const title = await titleOf(page, 0);
  // The card's hide button exists once the account is known (a visitor's cards have none).
  await expect(cards(page).first().locator('button[data-hide-story]')).toBeAttached();
  await page.keyboard.press('j');
  await expect(page.locator('[data-reader-current]').first()).toContainText(title);
  await page.keyboard.press('x');
  await expect(toast(page, 'Story hidden')).toBeVisible();
  await expect(cards(page).filter({ hasText: title })).toHaveCount(0);

  // The domain filter: suggested from the stories in view, in the URL, only that domain's stories.
  const field = page.getByRole('region', { name: 'Story filters' }).getByLabel('Domain').first();
  const suggestions = await page.locator('datalist option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(suggestions.length).toBeGreaterThan(0);
  const chosen = suggestions[0]!;
  await field.fill(chosen);
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`domain=${chosen.replace(/\./g, '\\.')}`));
  await waitForStories(page);
  for (const text of await page.getByRole('list', { name: 'Stories' }).locator('article').allTextContents()) expect(text).toContain(chosen);

  // The heat filter, in the URL; a reload keeps both.
  await page.getByRole('region', { name: 'Story filters' }).getByLabel('Heat').first().selectOption('trending');
  await expect(page).toHaveURL(/heat=trending/);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Story filters' }).getByLabel('Heat').first()).toHaveValue('trending');
  await expect(page.getByRole('region', { name: 'Story filters' }).getByLabel('Domain').first()).toHaveValue(chosen);
  await checkPage(page, 'desktop-filters', async (p) => {
    await expect(p.getByRole('region', { name: 'Story filters' }).first()).toBeVisible();
  });
});
