import { checkPage, expect, signUpThroughApi, test, toast } from './support.ts';
import { api, seedStories, uniqueWord } from './for-you-support.ts';

test('desktop: collections from bookmarks, shared read-only by link and revoked, exported, emptied and deleted', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signUpThroughApi(page);
  const word = uniqueWord('Collected');
  const tricky = `<b>${word}</b> & "quotes" =SUM(A1)`;
  const plain = `${word} field notes`;
  const ids = await seedStories([tricky, plain]);
  for (const storyId of ids) await api(page, 'POST', '/api/bookmarks', { storyId });

  // From the bookmarks page: a new collection made with the first story in it.
  await page.goto('/bookmarks');
  await page.getByRole('button', { name: `Add to collection: “${tricky}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to collection' });
  await expect(dialog).toContainText('You have no collections yet');
  await dialog.getByLabel('New collection').fill('Weekend reading');
  await dialog.getByRole('button', { name: 'Create and add' }).click();
  await expect(toast(page, 'Added to “Weekend reading”')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Weekend reading/ })).toBeChecked();
  await checkPage(page, 'desktop-add-to-collection', async (p) => {
    await expect(p.getByRole('dialog', { name: 'Add to collection' })).toBeVisible();
  });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The second story into the same collection, by its checkbox.
  await page.getByRole('button', { name: `Add to collection: “${plain}”` }).click();
  const checkbox = dialog.getByRole('checkbox', { name: /Weekend reading/ });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  await expect(checkbox).toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The collections page, then the collection.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Collections' }).click();
  const list = page.getByRole('list', { name: 'Your collections' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Weekend reading' })).toContainText('2 stories');
  await checkPage(page, 'desktop-collections', async (p) => {
    await expect(p.getByRole('list', { name: 'Your collections' })).toBeVisible();
  });
  await list.getByRole('link', { name: 'Weekend reading' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend reading' })).toBeVisible();
  await expect(page.getByTestId('collection-count')).toHaveText('2 stories');
  await expect(page.getByTestId('collection-story').first()).toContainText(plain);

  // Exports: the CSV defuses the formula, the bookmarks file escapes the markup.
  const exports = page.getByRole('navigation', { name: 'Export this collection' });
  const csvHref = await exports.getByRole('link', { name: 'CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref!);
  expect(csv.headers()['content-disposition']).toBe('attachment; filename="Weekend-reading.csv"');
  expect(await csv.text()).toContain(`"<b>${word}</b> & ""quotes"" =SUM(A1)"`);
  const html = await page.request.get((await exports.getByRole('link', { name: 'Bookmarks (HTML)' }).getAttribute('href'))!);
  expect(await html.text()).toContain(`&lt;b&gt;${word}&lt;/b&gt; &amp; &quot;quotes&quot;`);
  const download = page.waitForEvent('download');
  await exports.getByRole('link', { name: 'Markdown' }).click();
  expect((await download).suggestedFilename()).toBe('Weekend-reading.md');

  // Rename and describe.
  const details = page.getByRole('form', { name: 'Name and description' });
  await details.getByLabel('Description').fill('Long reads for Saturday');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved')).toBeVisible();

  // Share read-only; a visitor sees it; revoking stops it.
  await page.getByRole('button', { name: 'Share read-only link' }).click();
  const link = page.getByLabel(/Read-only link/);
  await expect(link).toHaveValue(/\/c\/[A-Za-z0-9_-]{43}$/);
  const shareUrl = await link.inputValue();
  await checkPage(page, 'desktop-collection', async (p) => {
    await expect(p.getByLabel(/Read-only link/)).toBeVisible();
  });
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(shareUrl);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Weekend reading' })).toBeVisible();
  await expect(visitor.getByText('Long reads for Saturday')).toBeVisible();
  await expect(visitor.getByText('Shared by Ada Lovelace · 2 stories')).toBeVisible();
  await expect(visitor.getByTestId('collection-story').filter({ hasText: tricky })).toHaveCount(1);
  await expect(visitor.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await checkPage(visitor, 'desktop-shared-collection', async (p) => {
    await expect(p.getByTestId('collection-story').first()).toBeVisible();
  });
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Share read-only link' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('This collection is not shared')).toBeVisible();
  await visitorContext.close();

  // Remove a story, then delete the collection; its stories stay bookmarked.
  await page.getByRole('button', { name: `Remove “${plain}” from this collection` }).click();
  await expect(page.getByTestId('collection-count')).toHaveText('1 story');
  await page.getByRole('button', { name: 'Delete collection' }).click();
  await page.getByRole('dialog', { name: 'Delete this collection?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByText('No collections yet')).toBeVisible();
  await page.goto('/bookmarks');
  await expect(page.getByTestId('bookmarks-count')).toHaveText('2 bookmarked stories');
});
