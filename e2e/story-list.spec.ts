import { checkPage, expect, signUpThroughApi, startApp, test, waitForStories, withDatabase } from './support.ts';

test.describe('story list', () => {
  let account: { email: string; password: string };
  test.beforeEach(async ({ page }) => {
    account = await signUpThroughApi(page);
    await waitForStories(page);
  });

  test('pagination window and page reset on filter change', async ({ page }) => {
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    const numbers = async () =>
      (await pagination.getByRole('button', { name: /^(Page \d+)$/ }).allTextContents()).map(Number);
    const last = Math.max(...(await numbers()));
    expect(last).toBeGreaterThan(7);
    expect(await numbers()).toEqual([1, 2, 3, 4, 5, last]);

    await pagination.getByRole('button', { name: 'Page 5', exact: true }).click();
    await expect(pagination.getByRole('button', { name: 'Page 5', exact: true })).toHaveAttribute('aria-current', 'page');
    expect(await numbers()).toEqual([1, 4, 5, 6, last]);

    // The total is exact: Last reaches the real last page, which holds the rest of the list. The total is read
    // there, from the answer that page came with: the list may gain a story while the test moves through it.
    await pagination.getByRole('button', { name: 'Last page' }).click();
    await expect(pagination.getByRole('button', { name: `Page ${last}`, exact: true })).toHaveAttribute('aria-current', 'page');
    expect(await numbers()).toEqual([1, last - 4, last - 3, last - 2, last - 1, last]);
    await expect(pagination.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect
      .poll(async () => {
        const total = Number(/([\d,]+) stories \(/.exec(await page.getByTestId('count-caption').innerText())![1]!.replace(/,/g, ''));
        return { pages: Math.ceil(total / 50), notShown: total - (last - 1) * 50 - (await page.locator('[data-story-id]').count()) };
      })
      .toEqual({ pages: last, notShown: 0 });

    // Changing a filter goes back to page 1.
    const request = page.waitForRequest((r) => r.url().includes('/api/stories/top?') && r.url().includes('page=1&'));
    await page.getByLabel('Sort by').selectOption({ label: 'Score' });
    await request;
    await expect(pagination.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('auto-refresh counts down and refetches; manual refresh toasts', async ({ page }) => {
    await page.clock.install();
    await page.reload();
    await waitForStories(page);
    const countdown = page.getByTestId('refresh-countdown');
    await expect(countdown).toHaveText(/^[45]m \d{1,2}s$/);
    await page.getByLabel('Refresh interval').selectOption({ label: '1 min' });
    await expect(countdown).toHaveText(/^(1m 0s|0m \d{1,2}s)$/);
    const refetch = page.waitForRequest((r) => r.url().includes('/api/stories/trending?'));
    await page.clock.fastForward(61_000);
    await refetch;

    await page.getByRole('switch', { name: 'Auto-refresh' }).click();
    await expect(countdown).toBeHidden();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText(/Stories refreshed successfully!|A refresh has been queued|Refresh failed|Failed to refresh stories\. Please try again\./)).toBeVisible();
  });

  test('the home arrives rendered with its data, and the app adopts it without asking again', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('data-prerendered');
    expect(html).toContain('id="app-state"');
    // The page carries its own rules; the full stylesheet's link waits, disabled, for the app to start.
    expect(html).toMatch(/<style>.+<\/style>/);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[\w-]+\.css" disabled>/);
    // The served markup holds the cards themselves: the first one's title, as the page shows it.
    const firstTitle = (await page.getByRole('list', { name: 'Stories' }).getByRole('article').first().getByRole('heading').innerText()).trim();
    const servedTitle = await page.evaluate((served) => new DOMParser().parseFromString(served, 'text/html').querySelector('main article h2')?.textContent, html);
    expect(servedTitle?.trim()).toBe(firstTitle);
    // Its first screen of cards, that is: the rest of the page comes once the app runs.
    const servedCards = await page.evaluate((served) => new DOMParser().parseFromString(served, 'text/html').querySelectorAll('main article').length, html);
    expect(servedCards).toBe(15);
    expect(html).toMatch(/Loading the other <!-- -->35 stories<!-- --> of this page/);

    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { servedCard: Element | null }).servedCard = document.querySelector('main article');
      });
    });
    const problems: string[] = [];
    const apiCalls: string[] = [];
    const stylesheets: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      // Hydration mismatches and CSP reports are console errors.
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/') && !r.url().endsWith('/api/analytics/track')) apiCalls.push(new URL(r.url()).pathname);
      if (r.resourceType() === 'stylesheet') stylesheets.push(r.url());
    });
    await page.reload();
    await waitForStories(page);
    const sameCard = await page.evaluate(() => {
      const served = (window as unknown as { servedCard: Element | null }).servedCard;
      return served !== null && served === document.querySelector('main article') && served.isConnected;
    });
    expect(sameCard).toBe(true);
    // Hydrated: the controls work (the auto-refresh switch hides the countdown).
    await page.getByRole('switch', { name: 'Auto-refresh' }).click();
    await expect(page.getByTestId('refresh-countdown')).toBeHidden();
    // Who is signed in, their preferences, the first screen's stories and their statuses all came with the page;
    // the app asks once for the whole page of stories and once per kind for their statuses. The statuses the app
    // polls on its own (maintenance, announcements, the data's age) are asked as on any page.
    await expect(page.getByRole('list', { name: 'Stories' }).getByRole('article')).toHaveCount(50);
    await expect(page.getByText(/^Loading the other/)).toHaveCount(0);
    const polled = new Set(['/api/maintenance-status', '/api/stories/freshness']);
    const batchPaths = ['/api/bookmarks/check-batch', '/api/content-flags/check-batch', '/api/story-notes/check-batch', '/api/story-watches/check-batch'];
    await expect
      .poll(() => apiCalls.filter((path) => !polled.has(path) && !path.startsWith('/api/announcements')).sort())
      .toEqual([...batchPaths, '/api/stories/trending'].sort());
    expect(problems).toEqual([]);
    // The app's chunks know the linked stylesheet is on the page: it is not asked for a second time.
    expect(stylesheets).toHaveLength(1);
    // The page is styled by it: the cards are laid out as cards, not as unstyled text.
    const firstCard = page.getByRole('list', { name: 'Stories' }).getByRole('article').first();
    expect(await firstCard.evaluate((card) => getComputedStyle(card).borderRadius)).not.toBe('0px');
    // A card's icons are drawn by its elements (index.css, [data-icon]): a square of the text's colour, masked.
    const iconPaint = () =>
      firstCard.getByRole('button', { name: 'Share' }).evaluate((button) => {
        const icon = getComputedStyle(button, '::before');
        return { paint: icon.backgroundColor, text: getComputedStyle(button).color, mask: icon.maskImage.slice(0, 30), width: icon.width };
      });
    const drawn = await iconPaint();
    expect(drawn).toEqual({ paint: drawn.text, text: drawn.text, mask: 'url("data:image/svg+xml,%3Csvg', width: '16px' });
    // In forced colours too, where the browser repaints backgrounds: the icon keeps the (forced) text colour.
    await page.emulateMedia({ forcedColors: 'active' });
    const forced = await iconPaint();
    expect(forced.paint).toBe(forced.text);
    await page.emulateMedia({ forcedColors: 'none' });

    // Someone whose preferences ask for the dark theme gets it from the first paint, on any browser.
    const origin = new URL(page.url()).origin;
    expect((await page.request.patch('/api/user/preferences', { data: { darkMode: true }, headers: { origin } })).ok()).toBe(true);
    expect(await (await page.request.get('/')).text()).toMatch(/<html class="dark" data-account-theme /);
  });

  test('loading, slow-load hint, error with Try Again, and empty states', async ({ page }) => {
    // The list loads in the browser when the app comes to it from another page (the server renders it only as
    // the page asked for), and whenever its filters change.
    const openStoriesFromAnotherPage = async () => {
      await page.goto('/bookmarks');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stories' }).click();
    };
    await page.clock.install();
    let answer: 'hang' | 'fail' | 'empty' = 'hang';
    await page.route('**/api/stories/trending?*', async (route) => {
      if (answer === 'hang') return; // Never answered: the list stays loading.
      if (answer === 'fail') return route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } });
      return route.fulfill({ json: { stories: [], count: 0, page: 1, totalPages: 0, hasNext: false, hasPrevious: false, totalCount: 0 } });
    });
    await openStoriesFromAnotherPage();
    await expect(page.getByTestId('story-skeleton')).toHaveCount(6);
    await expect(page.getByText(/taking longer than usual/)).toBeHidden();
    await page.clock.fastForward(10_500);
    await expect(page.getByText(/taking longer than usual/)).toBeVisible();

    answer = 'fail';
    await openStoriesFromAnotherPage();
    await expect(page.getByRole('heading', { name: 'Failed to load stories' })).toBeVisible();
    answer = 'empty';
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('No stories found matching your criteria.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test('the list says how old its data is, and since when Hacker News is unreachable', async ({ page }) => {
    const age = page.getByTestId('data-age').filter({ visible: true });
    await expect(age).toHaveText(/^Hacker News data as of \d+ (s|min) ago$/);
    const since = Math.floor(Date.now() / 1000) - 600;
    await page.route('**/api/stories/freshness', (route) => route.fulfill({ json: { asOf: since - 30, unreachableSince: since } }));
    await page.reload();
    // The server rendered the line from its own reading; the app asks again once it runs.
    await startApp(page);
    const clock = await page.evaluate((seconds) => new Date(seconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }), since);
    await expect(age).toHaveText(`Hacker News unreachable since ${clock} (data as of 10 min ago)`);
    await expect(age).toHaveAttribute('data-unreachable', 'true');
  });

  test('announcements: only the first undismissed shows; persistent ones stay', async ({ page }) => {
    await withDatabase(async (db) => {
      await db.query(`DELETE FROM announcements`);
      await db.query(
        // Newest first: the dismissible one is shown before the older persistent one.
        `INSERT INTO announcements (title, message, type, is_persistent, created_at) VALUES
           ('Scheduled upgrade', 'Read more at https://example.com/upgrade <script>alert(1)</script>', 'warning', false, now()),
           ('Always here', 'Persistent <b>notice</b>', 'info', true, now() - interval '1 hour')`,
      );
    });
    await page.goto('/');
    // The message is made safe by the app: it shows once the app runs.
    await startApp(page);
    const banner = page.getByTestId('announcement');
    await expect(banner).toHaveCount(1);
    await expect(banner).toContainText('Scheduled upgrade');
    await expect(banner.getByRole('link', { name: 'https://example.com/upgrade' })).toHaveAttribute('target', '_blank');
    await expect(banner.locator('script')).toHaveCount(0);
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(banner).toContainText('Always here');
    await expect(banner.getByRole('button', { name: 'Dismiss announcement' })).toHaveCount(0);
    await page.reload();
    await waitForStories(page);
    await expect(page.getByTestId('announcement')).toContainText('Always here');
    await withDatabase((db) => db.query(`DELETE FROM announcements`));
  });

  test('sort, window, min score and page live in the URL: reload, Back and Forward, and links keep them', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    const sort = page.getByLabel('Sort by');
    const window = page.getByLabel('Time window');
    const minScore = page.getByLabel('Min score');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    const currentPage = (n: number) => expect(pagination.getByRole('button', { name: `Page ${n}`, exact: true })).toHaveAttribute('aria-current', 'page');
    const search = () => new URL(page.url()).search;
    const defaultMinScore = await minScore.inputValue();
    expect(search()).toBe('');

    await sort.selectOption({ label: 'Score' });
    await expect.poll(search).toBe('?sort=score');
    await window.selectOption('week');
    await expect.poll(search).toBe('?sort=score&window=week');
    await expect(page.getByTestId('count-caption')).toHaveText(/^\d+ of [\d,]+\+? stories \(last week\)$/);
    await pagination.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(search).toBe('?sort=score&window=week&page=2');

    // A reload asks the server for that view, which renders it.
    await page.reload();
    await waitForStories(page);
    await expect(sort).toHaveValue('score');
    await expect(window).toHaveValue('week');
    await currentPage(2);

    await page.goBack();
    await expect.poll(search).toBe('?sort=score&window=week');
    await currentPage(1);
    await page.goBack();
    await expect.poll(search).toBe('?sort=score');
    await expect(window).toHaveValue('3d');
    await page.goForward();
    await expect(window).toHaveValue('week');

    const otherMinScore = defaultMinScore === '0' ? '5' : '0';
    await minScore.fill(otherMinScore);
    await minScore.press('Enter');
    await expect.poll(search).toBe(`?sort=score&window=week&minScore=${otherMinScore}`);
    await page.reload();
    await waitForStories(page);
    await expect(minScore).toHaveValue(otherMinScore);
    await page.goBack();
    await expect(minScore).toHaveValue(defaultMinScore);

    // The default view is the plain address.
    await sort.selectOption({ label: 'Trending' });
    await window.selectOption('3d');
    await expect.poll(search).toBe('');

    // A link opens the view it names, rendered by the server: Recent over the last hour means the last hour.
    const stories = page.waitForRequest((r) => r.url().includes('/api/stories/recent?') && r.url().includes('hours=1&'), { timeout: 5000 }).catch(() => null);
    await page.goto('/?sort=time&window=1h&minScore=0');
    await expect(page.getByTestId('count-caption')).toHaveText(/^\d+ of [\d,]+\+? stories \(last hour\)$/);
    await startApp(page);
    await expect(sort).toHaveValue('time');
    await expect(window).toHaveValue('1h');
    await expect(minScore).toHaveValue('0');
    // The server rendered it with its data: the browser does not ask for the list again.
    expect(await stories).toBeNull();
    // The page came with that list: the last hour's stories, and only those.
    const served = await page.evaluate(() => {
      // Each answer as its key, data and time (web/src/lib/page-state.ts).
      const answers = JSON.parse(document.getElementById('app-state')?.textContent ?? '[]') as [[string, { sort: string; timeFilter: string }], { stories?: { time: number }[] }, number][];
      return answers.filter(([key]) => key[0] === '/api/stories').map(([key, data]) => ({ view: key[1], times: data.stories!.map((story) => story.time) }));
    });
    expect(served).toHaveLength(1);
    expect(served[0]!.view).toMatchObject({ sort: 'time', timeFilter: '1h', minScore: 0 });
    for (const time of served[0]!.times) expect(Date.now() / 1000 - time).toBeLessThan(3600 + 120);
    // No hydration mismatch for any of these views.
    expect(problems).toEqual([]);
  });

  test("a story the demo's replay made up wears its Demo badge, readable in both themes, on the list and its page", async ({ page }) => {
    // Two pages checked by axe in both themes: slow on a busy machine.
    test.setTimeout(300_000);
    // The newest stories: the replay's synthetic tail arrives about once a minute, between recorded ones.
    await page.goto('/?sort=time&minScore=0');
    await waitForStories(page);
    const badge = page.getByRole('list', { name: 'Stories' }).getByTestId('synthetic-badge').first();
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText("Demo: a made-up story from the demo's replay, not from Hacker News", { useInnerText: false });
    await expect(badge).toHaveAttribute('title', "Demo: a made-up story from the demo's replay, not from Hacker News");
    await checkPage(page, 'story-list-demo-badge', waitForStories);

    await page.getByRole('list', { name: 'Stories' }).getByRole('article').filter({ has: page.getByTestId('synthetic-badge') }).first().locator('[data-story-link="history"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('synthetic-badge')).toBeVisible();
    await checkPage(page, 'story-page-demo-badge', async (p) => {
      await expect(p.getByTestId('synthetic-badge')).toBeVisible();
    });
  });

  test("the header's theme switch sticks: across a reload and on another device", async ({ page, browser, baseURL }) => {
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/preferences') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(html).toHaveClass(/dark/);

    // The next page starts dark from the server's first byte, with no light flash.
    expect(await (await page.request.get('/')).text()).toMatch(/<html class="dark" /);
    await page.reload();
    await waitForStories(page);
    await expect(html).toHaveClass(/dark/);
    await page.goto('/bookmarks');
    await expect(html).toHaveClass(/dark/);

    // Another browser, signed in to the same account, has nothing stored and still opens dark.
    const laptop = await browser.newContext({ baseURL });
    try {
      expect((await laptop.request.post('/api/auth/sign-in/email', { data: account })).status()).toBe(200);
      const other = await laptop.newPage();
      await other.goto('/');
      await expect(other.locator('html')).toHaveClass(/dark/);
      await waitForStories(other);
      // Back to light there; this browser, which has dark stored, follows on its next home page.
      const back = other.waitForResponse((r) => r.url().endsWith('/api/user/preferences') && r.request().method() === 'PATCH');
      await other.getByRole('button', { name: 'Switch to light theme' }).click();
      await back;
    } finally {
      await laptop.close();
    }
    await page.goto('/');
    await waitForStories(page);
    await expect(html).not.toHaveClass(/dark/);
  });
});
