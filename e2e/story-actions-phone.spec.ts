import { devices, type Page } from '@playwright/test';
import { cardAction, checkPage, expect, expectToastClearOf, signUpThroughApi, test, toast, waitForStories } from './support.ts';

/** Nothing wider than the screen (no sideways scrolling). */
async function expectNoOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('phone: story actions, their dialogs and pages fit the screen', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signUpThroughApi(page);
  await waitForStories(page);

  const card = page.getByRole('list', { name: 'Stories' }).getByRole('article').first();
  // One button on the card opens its actions; it is big enough to tap (44 px, WCAG 2.5.5) and sits inside the card.
  const cardBox = (await card.boundingBox())!;
  const sheetButton = card.getByRole('button', { name: 'Story actions', exact: true });
  const box = (await sheetButton.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  await expectNoOverflow(page);

  // The note dialog fits and its buttons can be reached; closing it returns focus to the card's button.
  await (await cardAction(card, 'Add note')).tap();
  const note = page.getByRole('dialog', { name: 'Add Note' });
  await expect(note.getByRole('button', { name: 'Save Note' })).toBeInViewport();
  await checkPage(page, 'phone-note-dialog', async (p) => {
    await expect(p.getByRole('dialog', { name: 'Add Note' })).toBeVisible();
  });
  await note.getByRole('button', { name: 'Cancel' }).tap();
  await expect(note).toBeHidden();
  await expect(sheetButton).toBeFocused();

  // Share on a phone: create the link, then the result fits.
  await (await cardAction(card, 'Share')).tap();
  const share = page.getByRole('dialog', { name: 'Share Story' });
  await share.getByRole('button', { name: 'Create Share Link' }).tap();
  const link = share.getByRole('textbox', { name: 'Share link' });
  await expect(link).toBeVisible();
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeInViewport();
  await checkPage(page, 'phone-share-dialog', async (p) => {
    await expect(p.getByRole('textbox', { name: 'Share link' })).toBeVisible();
  });
  const sharePath = new URL(await link.inputValue()).pathname;
  await share.getByRole('button', { name: 'Done' }).tap();

  // Bookmark it, then the bookmarks page on a phone.
  await (await cardAction(card, 'Bookmark')).tap();
  // Choosing closes the sheet; the card's button is tinted while an action is on.
  await expect(card.getByRole('button', { name: 'Remove bookmark', exact: true, includeHidden: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(sheetButton).toHaveAttribute('data-active', 'true');
  // The toast spans a phone's width: it shows at the top, clear of every card's buttons on screen.
  await expect(toast(page, 'Bookmarked!')).toBeInViewport();
  await expectToastClearOf(toast(page, 'Bookmarked!'), page.getByRole('list', { name: 'Stories' }).getByRole('button'));
  await page.goto('/bookmarks');
  await expect(page.getByTestId('bookmarks-count')).toHaveText('1 bookmarked story');
  await expectNoOverflow(page);
  await checkPage(page, 'phone-bookmarks', async (p) => {
    await expect(p.getByRole('list', { name: 'Bookmarked stories' }).getByRole('article')).toHaveCount(1);
  });

  // The shared story page, as a visitor on a phone.
  const visitorContext = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(sharePath);
  await expect(visitor.getByRole('link', { name: 'Read Article' })).toBeVisible();
  await expectNoOverflow(visitor);
  await checkPage(visitor, 'phone-shared-story', async (p) => {
    await expect(p.getByRole('link', { name: 'View Comments' })).toBeVisible();
  });
  await visitorContext.close();
});
