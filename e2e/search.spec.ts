import type { Page } from '@playwright/test';
import { checkPage, expect, signUpThroughApi, test } from './support.ts';

/** The longest plain word (letters only, 5 or more) of the first result's title: a query that surely matches. */
async function wordOfFirstResult(page: Page): Promise<string> {
  const title = await page.getByRole('list', { name: 'Search results' }).getByRole('article').first().getByRole('heading').innerText();
  const words = title.split(/[^A-Za-z]+/).filter((word) => word.length >= 5);
  words.sort((a, b) => b.length - a.length);
  if (!words[0]) throw new Error(`no usable word in "${title}"`);
  return words[0];
}

const caption = (page: Page) => page.getByTestId('search-caption');

test.describe('advanced search', () => {
  test('visitors are sent to sign in', async ({ page }) => {
    await page.goto('/search?q=rust');
    await page.waitForURL(/\/signin\?returnTo=%2Fsearch%3Fq%3Drust/);
  });

  test('search, suggestions, filters, captions and the URL', async ({ page }) => {
    test.setTimeout(150_000);
    await signUpThroughApi(page);
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Advanced Search' })).toBeVisible();
    await expect(page.getByText('Search and filter through all stories with advanced criteria')).toBeVisible();
    await expect(page).toHaveTitle(/^Advanced Search \| /);
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
    await expect(caption(page)).toHaveText(/^(Showing first 100 of ([\d,]+|1,000\+) results|[\d,]+ stor(y|ies) found)$/);

    // Typing searches after a pause, and the search lands in the URL.
    const word = await wordOfFirstResult(page);
    const box = page.getByRole('searchbox', { name: 'Search stories' });
    await box.fill(word.slice(0, 4));
    const suggestions = page.getByRole('list', { name: 'Suggestions' });
    await expect(suggestions.getByRole('button').first()).toBeVisible();
    const offered = await suggestions.getByRole('button').allInnerTexts();
    expect(offered.length).toBeLessThanOrEqual(5);
    for (const suggestion of offered) {
      expect(suggestion.length).toBeGreaterThan(3);
      expect(suggestion).toContain(word.slice(0, 4).toLowerCase());
    }
    await box.fill(word);
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(caption(page)).toHaveText(new RegExp(`(stor(y|ies) found for "${word}"|Showing first 100 of ([\\d,]+|1,000\\+) results)$`));
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('article');
    for (const card of (await results.all()).slice(0, 5)) {
      await expect(card).toContainText(new RegExp(word, 'i'));
    }

    // A suggestion replaces the text.
    await box.fill(word.slice(0, 4));
    await suggestions.getByRole('button').first().click();
    await expect(box).toHaveValue(offered[0]!);
    await expect(page).toHaveURL(new RegExp(`q=${offered[0]}$`));

    // Filters: the badge counts them; they live in the URL; Clear All keeps the text.
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    await filtersButton.click();
    await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Time', exact: true }).click();
    await page.getByRole('button', { name: 'Order High to Low' }).click();
    await expect(page.getByRole('button', { name: 'Order Low to High' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${offered[0]}&sort=time&order=asc$`));
    await expect(page.getByTestId('active-filter-count')).toHaveText('2');
    await page.getByLabel('Min score').fill('5');
    await expect(page.getByTestId('active-filter-count')).toHaveText('3');
    await checkPage(page, 'search', async (p) => {
      await expect(p.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
      // While the filtered search loads, the last results stay dimmed (their text below contrast on purpose):
      // axe measures what answers the filters, results or none.
      await expect(p.locator('[aria-label="Search results"][aria-busy="true"]')).toHaveCount(0);
    });
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByTestId('active-filter-count')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${offered[0]}$`));
    await expect(page.getByLabel('Min score')).toHaveValue('');

    // Back returns to the previous search, filters and all; a reload keeps it.
    await page.goBack();
    await expect(page.getByTestId('active-filter-count')).toHaveText('3');
    await expect(page.getByLabel('Min score')).toHaveValue('5');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Order Low to High' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search stories' })).toHaveValue(offered[0]!);

    // Nothing found; the clear button empties the box.
    await box.fill('zqxjvkwq');
    await expect(caption(page)).toHaveText('No stories match your search criteria');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(box).toHaveValue('');
    await expect(page).not.toHaveURL(/q=/);
  });
});
