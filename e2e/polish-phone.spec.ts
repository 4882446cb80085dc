import type { Page } from '@playwright/test';
import { expect, gotoKeywordsWithData, gotoPredictionsWithData, signUpThroughApi, test, waitForStories } from './support.ts';

/**
 * No page scrolls sideways on a small phone: signed in, the home, /keywords (each of its tabs, with an alert for a
 * keyword wider than the screen), /search, /predictions and /preferences, at 390 px (a common phone) and 320 px (the narrowest still in use), plus the
 * unsubscribe page without a token.
 */

/** The elements that reach past the screen's right edge, named for the failure message (none when it fits). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const past = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    // The innermost ones: what is too wide itself, rather than each box around it.
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => past(element) && ![...element.children].some(past))
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 80)} (${Math.round(element.getBoundingClientRect().right)} px)`);
  });

for (const width of [320, 390]) {
  test(`phone ${width} px: no page scrolls sideways`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    await signUpThroughApi(page);
    await waitForStories(page);
    expect(await overflowing(page), '/').toEqual([]);

    // A keyword longer than a phone is wide, which its row truncates: the page must not grow to it.
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const alert = await page.request.post('/api/keyword-alerts', { data: { keyword: 'internationalization-and-localization-frameworks', threshold: 5 }, headers: { origin } });
    expect(alert.ok(), await alert.text()).toBe(true);
    await gotoKeywordsWithData(page);
    expect(await overflowing(page), '/keywords').toEqual([]);
    for (const tab of ['Insights', 'Trend Analysis', 'My Alerts']) {
      await page.getByRole('tab', { name: tab }).tap();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(await overflowing(page), `/keywords ${tab}`).toEqual([]);
    }

    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await overflowing(page), '/search').toEqual([]);

    await gotoPredictionsWithData(page);
    expect(await overflowing(page), '/predictions').toEqual([]);

    await page.goto('/preferences');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await overflowing(page), '/preferences').toEqual([]);

    await page.goto('/unsubscribe');
    await expect(page.getByText('Invalid unsubscribe link')).toBeVisible();
    expect(await overflowing(page), '/unsubscribe').toEqual([]);
  });
}
