import type { Locator, Page } from '@playwright/test';
import { checkPage, completeOnboarding, expect, signUp, test, waitForStories } from './support.ts';

const stories = (page: Page) => page.getByRole('list', { name: 'Stories' });
const cards = (page: Page) => stories(page).getByRole('article');
/** The element holding focus, described as tag and accessible label, for readable failures. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active === document.body || !active ? 'body' : `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.slice(0, 40)}`;
  });
const titleOf = async (card: Locator) => (await card.getByRole('heading').innerText()).trim();
const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);

/** The ids of the stories the list shows, in order. */
const shownIds = (page: Page) => stories(page).locator('li').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-story-id'))));

/**
 * Exactly the stories shown now that were not among `shownBefore` carry the New badge, and the caption counts
 * them. Worked out from the list as it is: an ingestion cycle of the test server (or another test's refresh) may
 * bring a story between two loads, and that story is new too. Returns how many are marked.
 */
async function expectMarkedAsNew(page: Page, shownBefore: readonly number[]): Promise<number> {
  const before = new Set(shownBefore);
  let newCount = 0;
  await expect
    .poll(async () => {
      const shown = await shownIds(page);
      const marked = new Set(
        await stories(page)
          .locator('li')
          .evaluateAll((items) => items.filter((item) => item.querySelector('[data-testid="new-badge"]')).map((item) => Number(item.getAttribute('data-story-id')))),
      );
      const expected = shown.filter((id) => !before.has(id));
      newCount = expected.length;
      return { newButUnmarked: expected.filter((id) => !marked.has(id)), markedButSeen: [...marked].filter((id) => before.has(id)) };
    })
    .toEqual({ newButUnmarked: [], markedButSeen: [] });
  if (newCount > 0) await expect(page.getByTestId('fresh-caption')).toHaveText(`${newCount} new since your last visit`);
  return newCount;
}

/**
 * Waits until the list shows its whole page and the app runs: the server sends a first screen of it, and the app
 * brings the rest, then records what it showed. Read before that, the list is a part of what the app records.
 */
async function waitForWholePage(page: Page): Promise<void> {
  await waitForStories(page);
  await expect(page.getByRole('status').filter({ hasText: /^Loading the other/ })).toHaveCount(0);
}

test.describe('the reader', () => {
  test.beforeEach(async ({ page }) => {
    // Signing up, reloads and two axe passes per checked page: on a loaded machine a test takes one to two minutes.
    test.setTimeout(180_000);
    await signUp(page);
    await completeOnboarding(page);
    await waitForStories(page);
    // Story and comment links open other sites in a new tab: answered here, so no test waits on the network.
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, body: 'elsewhere' }));
  });

  test('keyboard: j/k move and announce, o and c open, b bookmarks, ? lists the shortcuts; typing and modifiers are left alone', async ({ page }) => {
    // Onboarding's dialog, closed, left focus on the page's content (not the body): j starts from the first story.
    expect(await focused(page)).toMatch(/^main /);
    await page.keyboard.press('j');
    const first = cards(page).nth(0);
    const second = cards(page).nth(1);
    await expect(first).toBeFocused();
    // The focused card is an article named by its title: what a screen reader announces.
    await expect(first).toHaveAccessibleName(await titleOf(first));
    await expect(stories(page).locator('li[data-reader-current]')).toHaveCount(1);
    await page.keyboard.press('j');
    await expect(second).toBeFocused();
    await expect(stories(page).locator('li').nth(1)).toHaveAttribute('data-reader-current', 'true');
    const ring = await second.evaluate((element) => getComputedStyle(element).boxShadow);
    expect(ring).not.toBe('none');
    await page.keyboard.press('k');
    await expect(first).toBeFocused();

    // o opens the story, c its comments, each in a new tab, as the card's links do.
    const titleHref = await first.locator('[data-story-link="title"]').getAttribute('href');
    const storyTab = page.waitForEvent('popup');
    await page.keyboard.press('o');
    expect((await storyTab).url()).toBe(titleHref);
    await (await storyTab).close();
    const commentsTab = page.waitForEvent('popup');
    await page.keyboard.press('c');
    expect((await commentsTab).url()).toMatch(/^https:\/\/news\.ycombinator\.com\/item\?id=\d+$/);
    await (await commentsTab).close();

    // b bookmarks the current story, and b again removes the bookmark.
    await page.keyboard.press('b');
    await expect(first.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Bookmarked!')).toBeVisible();
    await page.keyboard.press('b');
    await expect(first.getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute('aria-pressed', 'false');

    // Keys typed into a field stay in the field; keys with a modifier are the browser's.
    const minScore = page.getByLabel('Min score');
    const score = await minScore.inputValue();
    await minScore.focus();
    await page.keyboard.press('j');
    await page.keyboard.press('?');
    await expect(minScore).toBeFocused();
    await expect(minScore).toHaveValue(score);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await first.focus();
    await page.keyboard.press('Control+j');
    await page.keyboard.press('Alt+j');
    await expect(first).toBeFocused();

    // ? lists the shortcuts in a dialog; closing it gives focus back to the story.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('term')).toHaveText(['j', 'k', 'o', 'c', 'b', 'x', '?']);
    await expect(dialog.getByRole('definition').first()).toHaveText('Next story');
    // While the dialog is open the reader's keys do nothing.
    await page.keyboard.press('j');
    await expect(dialog).toBeVisible();
    await checkPage(page, 'keyboard-shortcuts', async (p) => {
      await expect(p.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();

    // Opened from its button, focus returns to the button.
    const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await button.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(button).toBeFocused();
  });

  test('focus stays on the list after a page change and a sort change, never on the body', async ({ page }) => {
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    const firstTitle = await titleOf(cards(page).first());
    await pagination.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstTitle);
    await expect(cards(page).first()).toBeFocused();

    // The last page known so far (a total counted up to a bound may then reveal one more): focus moves to that
    // page's first story.
    const pageNumbers = async () => (await pagination.getByRole('button', { name: /^Page \d+$/ }).allTextContents()).map(Number);
    const last = Math.max(...(await pageNumbers()));
    await pagination.getByRole('button', { name: 'Last page' }).focus();
    await page.keyboard.press('Enter');
    await expect(pagination.getByRole('button', { name: `Page ${last}`, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page).first()).toBeFocused();
    expect(await focused(page)).not.toBe('body');

    // Back to the first page by keyboard: the reader continues from its first story.
    await pagination.getByRole('button', { name: 'First page' }).focus();
    await page.keyboard.press('Enter');
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstTitle);
    await expect(cards(page).first()).toBeFocused();
    await page.keyboard.press('j');
    await expect(cards(page).nth(1)).toBeFocused();

    // A sort chosen from the keyboard keeps focus on the select while the list reloads.
    const sort = page.getByLabel('Sort by');
    await sort.focus();
    await sort.selectOption({ label: 'Score' });
    await expect(page).toHaveURL(/sort=score/);
    await waitForStories(page);
    await expect(sort).toBeFocused();
  });

  test('opened titles show in the visited colour, and hiding opened stories is kept in the browser', async ({ page }) => {
    const first = cards(page).first();
    const title = await titleOf(first);
    const link = first.locator('[data-story-link="title"]');
    const unvisited = await colourOf(link);
    const tab = page.waitForEvent('popup');
    await link.click();
    await (await tab).close();
    await expect.poll(() => colourOf(link)).not.toBe(unvisited);
    await checkPage(page, 'home-opened-story', async (p) => {
      await expect(p.getByRole('list', { name: 'Stories' }).getByRole('article').first()).toBeVisible();
    });

    // Hiding: the opened story leaves the list, and stays hidden after a reload (the switch is kept in this
    // browser and applies after hydration, with no mismatch).
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const hide = page.getByRole('switch', { name: 'Hide stories I opened' });
    // The featured rule reads a story's place in the list as served: the second story does not become the
    // "first of trending" (always featured) because the first was hidden.
    const secondFeatured = await cards(page).nth(1).getAttribute('data-featured');
    await hide.click();
    await expect(stories(page).getByRole('article', { name: title, exact: true })).toHaveCount(0);
    await expect(page.getByTestId('hidden-caption')).toHaveText('1 opened story hidden');
    expect(await cards(page).first().getAttribute('data-featured')).toBe(secondFeatured);
    await page.reload();
    await waitForStories(page);
    await expect(hide).toHaveAttribute('aria-checked', 'true');
    await expect(stories(page).getByRole('article', { name: title, exact: true })).toHaveCount(0);
    expect(problems).toEqual([]);
    await hide.click();
    await expect(stories(page).getByRole('article', { name: title, exact: true })).toBeVisible();
    await expect(page.getByTestId('hidden-caption')).toHaveCount(0);
  });

  test('what is new since the last visit, and what an auto-refresh brought, is marked', async ({ page }) => {
    // New since the last visit: a story this browser did not see on this view last time is marked.
    await waitForWholePage(page);
    const secondTitle = await titleOf(cards(page).nth(1));
    const secondId = Number(await stories(page).locator('li').nth(1).getAttribute('data-story-id'));
    const lastVisit = await page.evaluate((id) => {
      const lists = JSON.parse(localStorage.getItem('hn-trends:last-shown-lists') ?? '{}') as Record<string, { ids: number[] }>;
      for (const list of Object.values(lists)) list.ids = list.ids.filter((shown) => shown !== id);
      localStorage.setItem('hn-trends:last-shown-lists', JSON.stringify(lists));
      return Object.values(lists).flatMap((list) => list.ids);
    }, secondId);
    await page.reload();
    await waitForWholePage(page);
    await expect(stories(page).getByRole('article', { name: secondTitle, exact: true }).getByTestId('new-badge')).toHaveText('New');
    expect(await expectMarkedAsNew(page, lastVisit)).toBeGreaterThanOrEqual(1);

    // After an auto-refresh, the stories it brought are marked (and those of the visit before are not).
    await page.clock.install();
    const shownBefore = await shownIds(page);
    await page.reload();
    await waitForWholePage(page);
    await expectMarkedAsNew(page, shownBefore);
    const beforeRefresh = await shownIds(page);
    await page.route('**/api/stories/trending?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { stories: { id: number; hnId: number; title: string }[] };
      body.stories = [{ ...body.stories[0], id: 2_000_000_001, hnId: 2_000_000_001, title: 'A story the refresh brought' }, ...body.stories.slice(0, -1)];
      await route.fulfill({ response, json: body });
    });
    await page.getByLabel('Refresh interval').selectOption({ label: '1 min' });
    await page.clock.fastForward(61_000);
    const brought = stories(page).getByRole('article', { name: 'A story the refresh brought', exact: true });
    await expect(brought.getByTestId('new-badge')).toBeVisible();
    const marked = await expectMarkedAsNew(page, beforeRefresh);
    expect(marked).toBeGreaterThanOrEqual(1);
    await checkPage(page, 'home-new-since-last-visit', async (p) => {
      await expect(p.getByTestId('new-badge')).toHaveCount(marked);
    });
  });

  test('heat: the legend explains each level in plain words; the landing sample uses the same names and colours', async ({ page, browser }) => {
    const legend = page.getByRole('group', { name: 'Activity legend' });
    await legend.getByText('What the badges mean').click();
    const panel = legend.getByRole('definition');
    await expect(panel).toHaveCount(4);
    await expect(panel.nth(0)).toHaveText('20+ points an hour and 300+ points, or 500+ points within 12 hours of posting, or 200+ comments within 12 hours of posting.');
    await expect(panel.nth(3)).toHaveText('2+ points an hour and 20+ points, or 50+ points within 12 hours of posting, or 10+ comments.');
    await expect(legend.getByText('A story that meets none of these shows no badge.')).toBeVisible();
    // A card's badge carries its rule as a tooltip.
    const cardBadge = stories(page).locator('[data-heat]').first();
    await expect(cardBadge).toHaveAttribute('title', new RegExp(`^${(await cardBadge.innerText()).trim()}: \\d+\\+ points an hour`));
    await checkPage(page, 'home-heat-legend', async (p) => {
      await expect(p.getByRole('group', { name: 'Activity legend' }).getByRole('definition')).toHaveCount(4);
    });
    await page.keyboard.press('Escape');
    await expect(panel.first()).toBeHidden();
    const looks = async (badge: Locator) => ({
      text: (await badge.innerText()).trim(),
      background: await badge.evaluate((element) => getComputedStyle(element).backgroundColor),
    });
    const listBadges = new Map<string | null, Awaited<ReturnType<typeof looks>>>();
    for (const badge of await legend.locator(':scope > [data-heat]').all()) listBadges.set(await badge.getAttribute('data-heat'), await looks(badge));
    expect(listBadges.size).toBe(4);
    expect(await looks(cardBadge)).toEqual(listBadges.get(await cardBadge.getAttribute('data-heat')));

    // The landing page (a visitor's), in the same theme.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    const rows = visitor.getByTestId('trending-row');
    await expect(rows).toHaveCount(3);
    for (const badge of await rows.locator('[data-heat]').all()) {
      expect(await looks(badge)).toEqual(listBadges.get(await badge.getAttribute('data-heat')));
    }
    // Where the simpler rule shows, its difference is explained.
    await visitor.getByText('What the badges mean').click();
    await expect(visitor.getByText(/This sample reads points only/)).toBeVisible();
    await expect(visitor.getByRole('definition').nth(3)).toHaveText('every other story in the sample.');
    await checkPage(visitor, 'landing-heat-explained', async (p) => {
      await expect(p.getByText(/This sample reads points only/)).toBeVisible();
    });
    await visitorContext.close();
  });
});
