import { checkPage, expect, setCompactView, signUpThroughApi, storyTitlesOnFirstScreen, test, waitForStories } from './support.ts';

// The screen the issue measures density on: a common laptop.
test.use({ viewport: { width: 1366, height: 800 } });

test.describe('story list density on a 1366×800 screen', () => {
  test.beforeEach(async ({ page }) => {
    await signUpThroughApi(page);
    await waitForStories(page);
  });

  test('the first screen: at least 10 stories in the default view and 22 in the compact one, as on Hacker News', async ({ page }) => {
    // Two views, each checked by axe in both themes.
    test.setTimeout(180_000);
    expect(await storyTitlesOnFirstScreen(page)).toBeGreaterThanOrEqual(10);
    await checkPage(page, 'desktop-home-default', waitForStories);

    await setCompactView(page, true);
    expect(await storyTitlesOnFirstScreen(page)).toBeGreaterThanOrEqual(22);
    await checkPage(page, 'desktop-home-compact', waitForStories);
  });

  test('a compact row: its rank, then title, site and facts on one line where they fit', async ({ page }) => {
    await setCompactView(page, true);
    const list = page.getByRole('list', { name: 'Stories' });
    const rows = list.getByRole('article');
    const count = await rows.count();
    expect(count).toBeGreaterThan(15);
    const layout = await list.evaluate((element) =>
      [...element.querySelectorAll('article')].slice(0, 15).map((article) => {
        const box = (selector: string) => article.querySelector(selector)?.getBoundingClientRect() ?? null;
        const title = box('h2')!;
        const meta = article.querySelector('.story-meta')!;
        return {
          rank: article.querySelector('.story-rank')?.textContent ?? null,
          featured: article.hasAttribute('data-featured'),
          height: article.getBoundingClientRect().height,
          titleBottom: title.bottom,
          titleHeight: title.height,
          domainTop: box('h2 + span')?.top ?? null,
          titleTop: title.top,
          metaTop: meta.getBoundingClientRect().top,
          facts: [...meta.children].map((child) => child.textContent ?? ''),
          heatBadges: article.querySelectorAll('[data-heat]').length,
        };
      }),
    );
    // Ranks number the rows as the front page does, from 1 on the first page.
    expect(layout.map((row) => row.rank)).toEqual(layout.map((_, index) => `${index + 1}.`));
    for (const row of layout) {
      // The site sits on the title's line, right after it.
      if (row.domainTop !== null) expect(Math.abs(row.domainTop - row.titleTop)).toBeLessThan(row.titleHeight);
      // The facts come in the order a Hacker News reader looks for them.
      expect(row.facts.slice(0, 4)).toEqual([
        expect.stringMatching(/^[\d,]+ points?$/),
        expect.stringMatching(/^[\d,]+ comments?$/),
        expect.stringMatching(/^by /),
        // The age links to the story's page, named so for screen readers.
        expect.stringMatching(/ ago(, story history)?$|^recently(, story history)?$/),
      ]);
      expect(row.heatBadges).toBeLessThanOrEqual(1);
    }
    // Most rows are one line: the facts share the title's line, and such rows, featured or not, are equally tall.
    const oneLine = layout.filter((row) => row.metaTop < row.titleBottom);
    expect(oneLine.length).toBeGreaterThanOrEqual(10);
    expect(layout.some((row) => row.featured)).toBe(true);
    const heights = oneLine.map((row) => Math.round(row.height));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
  });

  test('Bookmark and Share always show; the other actions on hover and keyboard focus, and once on', async ({ page }) => {
    await setCompactView(page, true);
    const list = page.getByRole('list', { name: 'Stories' });
    const card = list.getByRole('article').nth(2);
    const watch = card.getByRole('button', { name: 'Watch story', exact: true });
    const opacity = (button = watch) => button.evaluate((element) => getComputedStyle(element).opacity);
    await page.mouse.move(0, 0);
    // Bookmark and Share "appear for everyone" (part 1 §2): no hover needed.
    for (const name of ['Bookmark', 'Share']) await expect.poll(() => opacity(card.getByRole('button', { name, exact: true }))).toBe('1');
    await expect.poll(() => opacity()).toBe('0');

    await card.getByRole('heading').hover();
    await expect.poll(() => opacity()).toBe('1');
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity()).toBe('0');

    // Keyboard: tabbing from the row's last link (its age, which opens the story's page) onto its first action
    // shows them.
    await card.getByRole('link', { name: /story history/ }).focus();
    await page.keyboard.press('Tab');
    await expect(watch).toBeFocused();
    await expect.poll(() => opacity()).toBe('1');
    await page.keyboard.press('Enter');
    const stop = card.getByRole('button', { name: 'Stop watching', exact: true });
    await expect(stop).toHaveAttribute('aria-pressed', 'true');

    // Once watched, the row shows so without a hover or focus; its other actions still wait for one.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity(stop)).toBe('1');
    await expect.poll(() => opacity(card.getByRole('button', { name: 'Add note', exact: true }))).toBe('0');
  });
});
