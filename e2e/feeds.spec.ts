import type { Page } from '@playwright/test';
import { checkPage, expect, gotoKeywordsWithData, signUpThroughApi, test, waitForStories } from './support.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The Feed dialog's address of a format, and the feed itself fetched from it. */
async function feedAddress(page: Page, dialogName: string | RegExp, format: 'RSS 2.0' | 'Atom' | 'JSON Feed 1.1'): Promise<string> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  return dialog.getByRole('textbox', { name: format }).inputValue();
}

test.describe('feeds', () => {
  test('every page announces the trending feed in its head', async ({ page }) => {
    await page.goto('/about');
    const alternates = page.locator('head link[rel="alternate"]');
    await expect(alternates).toHaveCount(3);
    expect(await alternates.evaluateAll((links) => links.map((link) => `${link.getAttribute('type')} ${link.getAttribute('href')}`))).toEqual([
      'application/rss+xml /feeds/trending.rss',
      'application/atom+xml /feeds/trending.atom',
      'application/feed+json /feeds/trending.json',
    ]);
    const feed = await page.request.get('/feeds/trending.rss');
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  });

  test('the list\'s Feed button gives the feed of the list on screen, copied in one click', async ({ page }) => {
    test.setTimeout(120_000);
    await signUpThroughApi(page);
    await page.goto('/?sort=score&minScore=10');
    await waitForStories(page);
    await page.getByRole('button', { name: 'Feed of Score stories' }).click();
    const rss = await feedAddress(page, 'Feed of Score stories', 'RSS 2.0');
    expect(new URL(rss).pathname).toBe('/feeds/top.rss');
    expect(new URL(rss).searchParams.get('points')).toBe('10');
    expect(new URL(await feedAddress(page, 'Feed of Score stories', 'JSON Feed 1.1')).pathname).toBe('/feeds/top.json');
    const dialog = page.getByRole('dialog', { name: 'Feed of Score stories' });
    await dialog.getByRole('button', { name: 'Copy the Atom address' }).click();
    await expect(dialog.getByText('Atom address copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rss.replace('.rss', '.atom'));
    await checkPage(page, 'feed-dialog-list', async (p) => {
      await expect(p.getByRole('dialog', { name: 'Feed of Score stories' })).toBeVisible();
    });
    const feed = await page.request.get(rss);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('<rss version="2.0"');
  });

  test('the search\'s and a keyword\'s Feed buttons', async ({ page }) => {
    test.setTimeout(150_000);
    await signUpThroughApi(page);
    await page.goto('/search?q=the&minScore=5');
    // The page announces its own feed in the head too.
    await expect(page.locator('head link[rel="alternate"][data-page-feed][type="application/rss+xml"]')).toHaveAttribute('href', '/feeds/search.rss?q=the&points=5&sort=score');
    await page.getByRole('button', { name: 'Feed', exact: true }).click();
    const search = new URL(await feedAddress(page, 'Feed of this search', 'Atom'));
    expect(search.pathname).toBe('/feeds/search.atom');
    expect(Object.fromEntries(search.searchParams)).toEqual({ q: 'the', points: '5', sort: 'score' });
    await checkPage(page, 'feed-dialog-search', async (p) => {
      await expect(p.getByRole('dialog', { name: 'Feed of this search' })).toBeVisible();
    });
    expect((await page.request.get(search.href)).status()).toBe(200);
    await page.keyboard.press('Escape');

    await gotoKeywordsWithData(page);
    const first = page.getByRole('list', { name: 'Hot keywords' }).getByRole('listitem').first();
    const keyword = (await first.getByRole('button').first().textContent())!.trim();
    await first.getByRole('button', { name: keyword, exact: true }).click();
    const stories = page.getByRole('dialog', { name: `Stories mentioning “${keyword}”` });
    await stories.getByRole('button', { name: 'Feed', exact: true }).click();
    const address = new URL(await feedAddress(page, `Feed of “${keyword}”`, 'RSS 2.0'));
    expect(decodeURIComponent(address.pathname)).toBe(`/feeds/keywords/${keyword.toLowerCase()}.rss`);
    expect((await page.request.get(address.href)).status()).toBe(200);
  });

  test('the /feeds page lists every feed with working addresses', async ({ page }) => {
    await page.goto('/feeds');
    await expect(page.getByRole('heading', { level: 1, name: 'Feeds' })).toBeVisible();
    await expect(page).toHaveTitle(/^Feeds \| /);
    const links = page.getByRole('link', { name: 'RSS 2.0' });
    expect(await links.count()).toBe(12);
    for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!))) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
    }
    await checkPage(page, 'feeds-page', async (p) => {
      await expect(p.getByRole('heading', { level: 2, name: 'Parameters' })).toBeVisible();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Feeds' }).click();
    await expect(page).toHaveURL(/\/feeds$/);
  });

  test('private feeds: addresses made, renewed and revoked in the preferences', async ({ page }) => {
    test.setTimeout(300_000);
    await signUpThroughApi(page);
    await page.goto('/preferences');
    const card = page.locator('[aria-labelledby]').filter({ has: page.getByRole('heading', { name: 'Private feeds' }) });
    await expect(card.getByText('You have no private feed addresses.')).toBeVisible({ timeout: 60_000 });
    await card.getByRole('button', { name: 'Make feed addresses' }).click();
    const bookmarks = card.getByRole('textbox', { name: 'Your bookmarks' });
    await expect(bookmarks).toBeVisible();
    const first = await bookmarks.inputValue();
    expect(new URL(first).pathname).toMatch(/^\/feeds\/private\/[\w-]{43}\/bookmarks\.rss$/);
    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['cache-control']).toBe('private, max-age=300');
    await checkPage(page, 'preferences-private-feeds', async (p) => {
      await expect(p.getByRole('textbox', { name: 'Calls to trend' })).toBeVisible();
    });
    await card.getByRole('button', { name: 'Renew addresses' }).click();
    await expect(bookmarks).not.toHaveValue(first);
    expect((await page.request.get(first)).status()).toBe(404);
    const renewed = await bookmarks.inputValue();
    await card.getByRole('button', { name: 'Revoke addresses' }).click();
    await expect(card.getByText('You have no private feed addresses.')).toBeVisible();
    expect((await page.request.get(renewed)).status()).toBe(404);
  });
});
