import { checkPage, expect, setCompactView, signUpThroughApi, storyRowsOnFirstScreen, test, waitForStories } from './support.ts';

// The screen the issue measures density on: a common laptop.
test.use({ viewport: { width: 1366, height: 800 } });

test.describe('story list density on a 1366×800 screen', () => {
  test.beforeEach(async ({ page }) => {
    await signUpThroughApi(page);
    await waitForStories(page);
  });

  // The compact view held 15 until the Domain and Heat filters made the filter bar two lines on this screen; the
  // reader's density work (Hacker News's 22 rows) is where that line is won back.
  test('the default view starts at least 7 stories on the first screen, the compact view at least 14', async ({ page }) => {
    // Two views, each checked by axe and screenshotted in both themes.
    test.setTimeout(180_000);
    expect(await storyRowsOnFirstScreen(page)).toBeGreaterThanOrEqual(7);
    await checkPage(page, 'desktop-home-default', waitForStories);

    await setCompactView(page, true);
    expect(await storyRowsOnFirstScreen(page)).toBeGreaterThanOrEqual(14);
    await checkPage(page, 'desktop-home-compact', waitForStories);
  });

  test('a compact row: title and site on one line, then points, comments, author, age and heat on the next', async ({ page }) => {
    await setCompactView(page, true);
    const list = page.getByRole('list', { name: 'Stories' });
    const rows = list.getByRole('article');
    const count = await rows.count();
    expect(count).toBeGreaterThan(15);
    const layout = await list.evaluate((element) =>
      [...element.querySelectorAll('article')].slice(0, 15).map((article) => {
        const box = (selector: string) => article.querySelector(selector)?.getBoundingClientRect() ?? null;
        const title = box('h3')!;
        const meta = article.querySelector('.story-meta')!;
        const metaBox = meta.getBoundingClientRect();
        return {
          featured: article.hasAttribute('data-featured'),
          height: article.getBoundingClientRect().height,
          titleTop: title.top,
          titleHeight: title.height,
          domainTop: box('h3 + span')?.top ?? null,
          metaTop: metaBox.top,
          metaHeight: metaBox.height,
          facts: [...meta.children].map((child) => child.textContent ?? ''),
          heatBadges: article.querySelectorAll('[data-heat]').length,
        };
      }),
    );
    for (const row of layout) {
      // The site sits on the title's line, right after it.
      if (row.domainTop !== null) expect(Math.abs(row.domainTop - row.titleTop)).toBeLessThan(row.titleHeight);
      // The facts make one line under the title, in the order a Hacker News reader looks for them.
      expect(row.metaTop).toBeGreaterThanOrEqual(row.titleTop + row.titleHeight - 1);
      expect(row.metaHeight).toBeLessThanOrEqual(20);
      expect(row.facts.slice(0, 4)).toEqual([
        expect.stringMatching(/^[\d,]+ points?$/),
        expect.stringMatching(/^[\d,]+ comments?$/),
        expect.stringMatching(/^by /),
        // The age links to the story's page, named so for screen readers.
        expect.stringMatching(/ ago(, story history)?$|^recently(, story history)?$/),
      ]);
      expect(row.heatBadges).toBeLessThanOrEqual(1);
    }
    // A featured row is marked, not made bigger: every row of the first screen is as tall as the others.
    expect(layout.some((row) => row.featured)).toBe(true);
    const heights = layout.map((row) => Math.round(row.height));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
  });

  test('actions show on hover and keyboard focus, and stay shown once on', async ({ page }) => {
    await setCompactView(page, true);
    const list = page.getByRole('list', { name: 'Stories' });
    const card = list.getByRole('article').nth(2);
    const bookmark = card.getByRole('button', { name: 'Bookmark', exact: true });
    const opacity = (button = bookmark) => button.evaluate((element) => getComputedStyle(element).opacity);
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity()).toBe('0');

    await card.getByRole('heading').hover();
    await expect.poll(() => opacity()).toBe('1');
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity()).toBe('0');

    // Keyboard: tabbing from the row's last link (its age, which opens the story's page) onto its first action
    // shows them.
    await card.getByRole('link', { name: /story history/ }).focus();
    await page.keyboard.press('Tab');
    await expect(bookmark).toBeFocused();
    await expect.poll(() => opacity()).toBe('1');
    await page.keyboard.press('Enter');
    const remove = card.getByRole('button', { name: 'Remove bookmark', exact: true });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');

    // Once bookmarked, the row shows so without a hover or focus; its other actions still wait for one.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(() => opacity(remove)).toBe('1');
    await expect.poll(() => opacity(card.getByRole('button', { name: 'Share', exact: true }))).toBe('0');
  });
});
