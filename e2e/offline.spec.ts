import type { Locator, Page } from '@playwright/test';
import { checkPage, expect, signUpThroughApi, test, toast, waitForStories } from './support.ts';

// The subject here is the service worker: these tests run with it (the others block it, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Waits until the app's service worker controls the page (it claims the page once installed). */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

/** The names of the service worker's data caches (the precache aside). */
const dataCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('hnt-data-')));

/** The story's id, from the link to its page on the card. */
async function storyIdOf(card: Locator): Promise<number> {
  const href = await card.locator('a[href^="/stories/"]').first().getAttribute('href');
  return Number(/\/stories\/(\d+)/.exec(href ?? '')?.[1]);
}

/** The nth card of the list and its title. */
async function nthStory(page: Page, index: number): Promise<{ title: string; card: Locator; id: number }> {
  const list = page.getByRole('list', { name: 'Stories' });
  const title = (await list.getByRole('article').nth(index).getByRole('heading').innerText()).trim();
  const card = list.getByRole('article', { name: title, exact: true });
  return { title, card, id: await storyIdOf(card) };
}

const button = (card: Locator, name: string) => card.getByRole('button', { name, exact: true });

/** Signed in, on the home, with the worker in control and the home opened once through it (so it keeps the page). */
async function signedInWithWorker(page: Page): Promise<void> {
  await signUpThroughApi(page);
  await waitForWorker(page);
  await page.reload();
  await waitForStories(page);
}

test.describe('installable and readable offline', () => {
  test('the manifest, icons and worker meet the install criteria; the account menu offers Install app', async ({ page }) => {
    await signedInWithWorker(page);

    const manifestAnswer = await page.request.get('/manifest.webmanifest');
    expect(manifestAnswer.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = (await manifestAnswer.json()) as {
      name: string;
      display: string;
      start_url: string;
      scope: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ name: 'HN Trends', display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.shortcuts.map(({ name, url }) => `${name} ${url}`)).toEqual(['Stories /', 'Keywords /keywords', 'Bookmarks /bookmarks']);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const answer = await page.request.get(icon.src);
      expect(answer.headers()['content-type']).toBe('image/png');
      const png = await answer.body();
      // The PNG's own header: width and height at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    // Theme colours for the light and the dark scheme.
    expect(await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('media')))).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);

    // The worker: a script, revalidated on each update check, under the site's security headers.
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-security-policy']).toContain("default-src 'self'");

    // Chromium's own verdict on its install criteria.
    const cdp = await page.context().newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A Playwright context is off the record, where Chromium never installs anything: that one reason aside, none.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

    // When the browser offers installing (beforeinstallprompt), the account menu has Install app, which opens its dialog.
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, {
        prompt: async () => document.body.setAttribute('data-install-prompted', ''),
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Install app' }).click();
    await expect(page.locator('body[data-install-prompted]')).toBeAttached();
  });

  test('offline, the last list, the bookmarks and their story pages read as last seen, with how old they are', async ({ page }) => {
    test.setTimeout(240_000);
    await signedInWithWorker(page);
    const story = await nthStory(page, 0);
    await button(story.card, 'Bookmark').click();
    await expect(button(story.card, 'Remove bookmark')).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/bookmarks');
    await expect(page.getByRole('heading', { name: story.title })).toBeVisible();
    // The worker fetches every bookmarked story's page into its cache.
    await expect.poll(() => page.evaluate(async (id) => Boolean(await caches.match(`/api/stories/${id}/history`)), story.id), { timeout: 30_000 }).toBe(true);
    await page.goto('/');
    await waitForStories(page);
    // Another list, viewed in the app (its answer comes from the API, not in a page).
    const scoreList = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/stories/top' && response.ok());
    await page.getByLabel('Sort by').selectOption('Score');
    await expect(page).toHaveURL(/sort=score/);
    // The list as that answer has it, once it shows (read too early, the heading is the old list's or a placeholder).
    const topByScore = ((await (await scoreList).json()) as { stories: { title: string }[] }).stories[0]!.title;
    await expect(page.getByRole('list', { name: 'Stories' }).getByRole('article').first().getByRole('heading')).toHaveText(topByScore);
    await page.goto('/');
    await waitForStories(page);

    await page.context().setOffline(true);
    try {
      await page.goto('/?sort=score');
      await waitForStories(page);
      await expect(page.getByRole('list', { name: 'Stories' }).getByRole('article').first().getByRole('heading')).toHaveText(topByScore);
      await page.goto('/');
      await waitForStories(page);
      await expect(page.getByRole('article', { name: story.title, exact: true })).toBeVisible();
      await expect(page.getByTestId('offline-status')).toContainText('You are offline.');

      await page.goto('/bookmarks');
      await expect(page.getByRole('heading', { name: story.title })).toBeVisible();
      await expect(page.getByTestId('offline-status')).toContainText(/You are offline\. Showing data saved (just now|\d+ minutes? ago)\./);
      await checkPage(page, 'offline-bookmarks', async () => undefined);

      await page.goto(`/stories/${story.id}`);
      await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
    } finally {
      await page.context().setOffline(false);
    }
  });

  test('bookmark, watch and hide made offline are all applied in order once back online; a conflict is reported', async ({ page }) => {
    test.setTimeout(240_000);
    await signedInWithWorker(page);
    const origin = new URL(page.url()).origin;
    const first = await nthStory(page, 0);
    const second = await nthStory(page, 1);
    const third = await nthStory(page, 2);
    // Bookmarked while online; removed offline below, and meanwhile elsewhere (another device): a conflict.
    await button(third.card, 'Bookmark').click();
    await expect(button(third.card, 'Remove bookmark')).toHaveAttribute('aria-pressed', 'true');

    await page.context().setOffline(true);
    try {
      await button(first.card, 'Bookmark').click();
      await expect(button(first.card, 'Remove bookmark')).toHaveAttribute('aria-pressed', 'true');
      await expect(toast(page, 'Bookmarked!').filter({ hasText: 'You are offline' })).toBeVisible();
      await button(first.card, 'Watch story').click();
      await expect(button(first.card, 'Stop watching')).toHaveAttribute('aria-pressed', 'true');
      await button(third.card, 'Remove bookmark').click();
      await expect(button(third.card, 'Bookmark')).toHaveAttribute('aria-pressed', 'false');
      await button(second.card, 'Hide this story').click();
      await expect(page.getByTestId('offline-status')).toContainText('4 changes will be sent when the connection is back.');
      // Nothing reached the server yet.
      const bookmarks = (await (await page.request.get('/api/bookmarks?page=1&limit=25')).json()) as { bookmarks: { story: { id: number } }[] };
      expect(bookmarks.bookmarks.map((bookmark) => bookmark.story.id)).toEqual([third.id]);
      // Elsewhere, the third story's bookmark is removed first.
      expect((await page.request.delete(`/api/bookmarks/${third.id}`, { headers: { origin } })).ok()).toBe(true);
    } finally {
      await page.context().setOffline(false);
    }

    await expect(toast(page, '1 change made offline could not be saved')).toContainText(`Remove bookmark (story ${third.id}): Bookmark not found`);
    await expect(toast(page, '1 change made offline could not be saved')).toContainText('3 others were saved.');
    await expect(page.getByTestId('offline-status')).toHaveCount(0);

    const after = (await (await page.request.get('/api/bookmarks?page=1&limit=25')).json()) as { bookmarks: { story: { id: number } }[] };
    expect(after.bookmarks.map((bookmark) => bookmark.story.id)).toEqual([first.id]);
    const watches = (await (await page.request.get('/api/story-watches')).json()) as { watches: { storyId: number }[] };
    expect(watches.watches.map((watch) => watch.storyId)).toEqual([first.id]);
    const mutes = (await (await page.request.get('/api/user/mutes')).json()) as { mutes: { kind: string; value: string }[] };
    expect(mutes.mutes.map((mute) => `${mute.kind} ${mute.value}`)).toEqual([`story ${second.id}`]);
  });

  test('a new version shows "A new version is available" with Reload, which brings it in', async ({ page }) => {
    await signedInWithWorker(page);
    // The next version: a worker at another script URL for the same scope is an update the browser installs beside
    // the running one, where it waits, as a new build's /sw.js does.
    await page.evaluate(async () => void (await navigator.serviceWorker.register('/sw.js?version=next', { scope: '/' })));
    const update = page.getByTestId('update-status');
    await expect(update).toContainText('A new version is available.');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).not.toContain('version=next');
    await Promise.all([page.waitForEvent('load'), update.getByRole('button', { name: 'Reload' }).click()]);
    await waitForStories(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toContain('/sw.js?version=next');
  });

  test('signing out deletes every cache of personal data', async ({ page }) => {
    const name = `Offline Reader ${Date.now()}`;
    const { email } = await signUpThroughApi(page, name);
    await waitForWorker(page);
    await page.goto('/bookmarks');
    await expect(page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
    await expect.poll(() => dataCaches(page)).toContain('hnt-data-saved');
    expect(await cachedText(page)).toContain(email);

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#root[data-prerendered]')).toBeAttached();
    // What a visitor's pages leave (the landing page) may be kept; nothing of the person is.
    const left = await cachedText(page);
    expect(left).not.toContain(email);
    expect(left).not.toContain(name);
  });
});

/** Every entry of the data caches, as text. */
function cachedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of (await caches.keys()).filter((cache) => cache.startsWith('hnt-data-'))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) texts.push(request.url, (await (await cache.match(request))?.text()) ?? '');
    }
    return texts.join('\n');
  });
}
