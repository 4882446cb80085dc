import { checkPage, expect, signUpThroughApi, test } from './support.ts';
import { api, seedStories, uniqueWord } from './for-you-support.ts';

test('desktop: For you lists recent stories on the topics of my bookmarks, each with why', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpThroughApi(page);
  await page.goto('/for-you');
  await expect(page.getByTestId('for-you-empty')).toContainText('Nothing to go on yet');

  const word = uniqueWord('Zorblat');
  // The bookmark on a site of its own: the word is all the recommendations share with it, whatever else is stored.
  const [kept] = await seedStories([`${word} compiler released`], `${word.toLowerCase()}.example.org`);
  await seedStories([`${word} in production at scale`, `Notes from a ${word} meetup`]);
  await api(page, 'POST', '/api/bookmarks', { storyId: kept });

  // Away and back through the navigation: the page asks again each time it opens.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page.getByTestId('bookmarks-count')).toHaveText('1 bookmarked story');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For you' }).click();
  await expect(page).toHaveURL(/\/for-you$/);
  const list = page.getByRole('list', { name: 'Recommended stories' });
  const production = list.getByTestId('recommendation').filter({ hasText: `${word} in production at scale` });
  await expect(production).toContainText(`Because you bookmarked “${word} compiler released” (both mention “${word.toLowerCase()}”)`);
  await expect(list.getByTestId('recommendation').filter({ hasText: `Notes from a ${word} meetup` })).toHaveCount(1);
  // What I bookmarked is not recommended back to me.
  await expect(list.getByRole('article').filter({ hasText: `${word} compiler released` })).toHaveCount(0);
  await expect(page.getByTestId('for-you-basis')).toContainText('1 bookmark');
  // The card keeps its actions: bookmarking a recommendation from here works as anywhere.
  await expect(production.getByRole('article')).toBeVisible();

  await checkPage(page, 'desktop-for-you', async (p) => {
    await expect(p.getByRole('list', { name: 'Recommended stories' })).toBeVisible();
  });

  // A muting rule's stories leave the list.
  await api(page, 'POST', '/api/user/mutes', { kind: 'word', value: 'meetup' });
  await page.reload();
  await expect(production).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recommended stories' }).getByText(`Notes from a ${word} meetup`)).toHaveCount(0);
});
