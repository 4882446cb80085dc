import type { Page } from '@playwright/test';
import { checkPage, expect, gotoKeywordsWithData, signUpThroughApi, test, waitForStories } from './support.ts';

/** /keywords: hot keywords and the stories behind them, insights, trend analysis, alerts, the card badge. */

async function openKeywords(page: Page): Promise<void> {
  await signUpThroughApi(page);
  await gotoKeywordsWithData(page);
  await expect(page.getByRole('heading', { name: 'Keyword Intelligence' })).toBeVisible();
}

const hotKeywords = (page: Page) => page.getByRole('list', { name: 'Hot keywords' }).getByRole('listitem');

test('a visitor gets the unauthorized toast and is sent to sign in', async ({ page }) => {
  // The redirect follows the toast after 500 ms; answered 204 here, the browser stays on the page and its toast.
  await page.route('**/api/login**', (route) => route.fulfill({ status: 204 }));
  const login = page.waitForRequest((request) => request.url().includes('/api/login'));
  await page.goto('/keywords');
  expect((await login).url()).toContain('/api/login?returnTo=%2Fkeywords');
  await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
});

test('hot keywords, the stories behind one, insights and trend analysis', async ({ page }) => {
  await openKeywords(page);
  expect(await hotKeywords(page).count()).toBeGreaterThan(3);

  // The stories behind a keyword, with links.
  const first = hotKeywords(page).first();
  const keyword = (await first.getByRole('button').first().textContent())!.trim();
  await first.getByRole('button', { name: keyword, exact: true }).click();
  const stories = page.getByRole('dialog', { name: `Stories mentioning “${keyword}”` });
  await expect(stories.getByRole('list', { name: 'Stories' }).getByRole('link').first()).toBeVisible();
  const titles = await stories.getByRole('list', { name: 'Stories' }).getByRole('listitem').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(stories).toBeHidden();

  // The search box narrows the list.
  await page.getByRole('searchbox', { name: 'Search keywords' }).fill(keyword);
  await expect(hotKeywords(page).first()).toContainText(keyword);
  await page.getByRole('searchbox', { name: 'Search keywords' }).fill('zzzz-no-such-keyword');
  await expect(page.getByText('No hot keyword matches your search.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search keywords' }).fill('');

  // Period and sort.
  await page.getByRole('combobox', { name: 'Period' }).selectOption('7d');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('recent');
  await expect(hotKeywords(page).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Insights' }).click();
  for (const title of ['Rising Fast', 'Cooling Down', 'Stable', 'Trending Patterns']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  for (const part of ['Morning 6AM-12PM', 'Afternoon 12PM-6PM', 'Evening 6PM-12AM', 'Night 12AM-6AM']) {
    await expect(page.getByRole('heading', { name: part })).toBeVisible();
  }
  await expect(page.getByText('Times of day in UTC.')).toBeVisible();

  await page.getByRole('tab', { name: 'Trend Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Rising Keywords' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Trends' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'All Trends' }).getByRole('listitem').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Hot Keywords' }).click();
  await checkPage(page, 'keywords', async (p) => {
    await expect(hotKeywords(p).first()).toBeVisible();
  });
});

test('alerts: create from a hot keyword or New Alert, pause and play, delete', async ({ page }) => {
  await openKeywords(page);

  // New Alert refuses an empty keyword.
  await page.getByRole('button', { name: 'New Alert' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Keyword Alert' });
  await dialog.getByRole('button', { name: 'Create Alert' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a keyword.');
  await page.keyboard.press('Escape');

  // The plus button of a hot keyword opens the dialog with the keyword.
  const first = hotKeywords(page).first();
  const keyword = (await first.getByRole('button').first().textContent())!.trim();
  await first.getByRole('button', { name: `Create alert for ${keyword}` }).click();
  await expect(dialog.getByLabel('Keyword')).toHaveValue(keyword);
  await dialog.getByLabel('Threshold').fill('');
  await expect(dialog.getByText('appears in 5 or more stories within 24 hours')).toBeVisible();
  await dialog.getByLabel('Threshold').fill('3');
  await dialog.getByRole('button', { name: 'Create Alert' }).click();
  await expect(page.getByText('Alert created')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same keyword again: the server's reason.
  await first.getByRole('button', { name: `Create alert for ${keyword}` }).click();
  await dialog.getByRole('button', { name: 'Create Alert' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You already have an alert for this keyword.');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'My Alerts' }).click();
  const alert = page.getByTestId('keyword-alert').filter({ hasText: keyword });
  await expect(alert).toContainText('Fires at 3 stories in 24 hours');
  await expect(alert).toContainText('Active');
  await alert.getByRole('button', { name: `Pause alert for ${keyword}` }).click();
  await expect(alert).toContainText('Paused');
  await alert.getByRole('button', { name: `Resume alert for ${keyword}` }).click();
  await expect(alert).toContainText('Active');
  await alert.getByRole('button', { name: `Delete alert for ${keyword}` }).click();
  await expect(page.getByText('Alert deleted')).toBeVisible();
  await expect(page.getByText('No keyword alerts yet')).toBeVisible();
});

test("the story card's Alert badge and the toast, for a keyword of an active alert", async ({ page }) => {
  await signUpThroughApi(page);
  await waitForStories(page);
  const title = (await page.getByRole('list', { name: 'Stories' }).getByRole('article').first().getByRole('heading').textContent())!;
  // The longest word of the first title: whole-word matching finds it in that card.
  const word = title.match(/[A-Za-z]{4,}/g)!.sort((a, b) => b.length - a.length)[0]!;

  await page.goto('/keywords');
  await page.getByRole('button', { name: 'New Alert' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Keyword Alert' });
  await dialog.getByLabel('Keyword').fill(word);
  await dialog.getByRole('button', { name: 'Create Alert' }).click();
  await expect(page.getByText('Alert created')).toBeVisible();

  await page.goto('/');
  await waitForStories(page);
  const card = page.getByRole('list', { name: 'Stories' }).getByRole('article').filter({ hasText: title }).first();
  await expect(card.getByTestId('keyword-alert-badge')).toHaveText(`Alert: ${word}`);
  await expect(page.getByText('Keyword Alert Triggered!').first()).toBeVisible();
});
