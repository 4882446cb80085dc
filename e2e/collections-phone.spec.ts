import { checkPage, expect, signUpThroughApi, test, toast } from './support.ts';
import { expectNoOverflow } from './mutes-support.ts';
import { api, seedStories, uniqueWord } from './for-you-support.ts';

test('phone: adding a bookmark to a collection, the collection and its shared page fit the screen', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signUpThroughApi(page);
  const word = uniqueWord('Pocketed');
  const title = `${word}: a very long title about something worth keeping that wraps over several lines on a phone`;
  const [storyId] = await seedStories([title]);
  await api(page, 'POST', '/api/bookmarks', { storyId });

  await page.goto('/bookmarks');
  await page.getByRole('button', { name: `Add to collection: “${title}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to collection' });
  await dialog.getByLabel('New collection').fill('Phone picks');
  await dialog.getByRole('button', { name: 'Create and add' }).click();
  await expect(toast(page, 'Added to “Phone picks”')).toBeVisible();
  await checkPage(page, 'phone-add-to-collection', async (p) => {
    await expect(p.getByRole('dialog', { name: 'Add to collection' })).toBeVisible();
  });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expectNoOverflow(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Collections', exact: true }).click();
  await page.getByRole('list', { name: 'Your collections' }).getByRole('link', { name: 'Phone picks' }).click();
  await expect(page.getByTestId('collection-count')).toHaveText('1 story');
  await page.getByRole('button', { name: 'Share read-only link' }).click();
  const shareUrl = await page.getByLabel(/Read-only link/).inputValue();
  expect(shareUrl).toMatch(/\/c\/[A-Za-z0-9_-]{43}$/);
  await checkPage(page, 'phone-collection', async (p) => {
    await expect(p.getByLabel(/Read-only link/)).toBeVisible();
  });
  await page.setViewportSize({ width: 320, height: 700 });
  await expectNoOverflow(page);

  const visitorContext = await browser.newContext({ viewport: { width: 320, height: 700 }, isMobile: true, hasTouch: true });
  const visitor = await visitorContext.newPage();
  await visitor.goto(shareUrl);
  await expect(visitor.getByTestId('collection-story')).toContainText(title);
  await expectNoOverflow(visitor);
  await checkPage(visitor, 'phone-shared-collection', async (p) => {
    await expect(p.getByTestId('collection-story').first()).toBeVisible();
  });
  await visitorContext.close();
});
