import { checkPage, expect, seedStoryWithHistory, signUpThroughApi, test, startApp, waitForStories } from './support.ts';

/** The story page, /stories/{id}: server-rendered, charts drawn from known snapshots, the table view, the facts. */

test('a visitor gets the story page rendered, with its charts, facts, table, predictions and keywords', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { id, title, keyword } = await seedStoryWithHistory();

  // The server sends the page already rendered, with its link preview in the head.
  const html = await (await request.get(`/stories/${id}`)).text();
  expect(html).toContain('id="app-state"');
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);
  expect(html).toContain(`/api/stories/${id}/card.png`);
  expect(html).toContain('Peak rank');

  await page.goto(`/stories/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await startApp(page);
  await expect(page).toHaveTitle(new RegExp(title));

  // Three charts, each one image with a label saying what it shows; rank on an inverted axis.
  const points = page.getByRole('img', { name: /^Points from/ });
  await expect(points).toHaveAttribute('aria-label', /points went from 2 to 100, highest 100\./);
  await expect(page.getByRole('img', { name: /^Comments from/ })).toHaveAttribute('aria-label', /comments went from 0 to 30/);
  const rank = page.getByRole('img', { name: /^Rank on the top list/ });
  await expect(rank).toHaveAttribute('aria-label', /rank went from 25 to 40, best 3, worst 40\./);
  await expect(rank).toHaveAttribute('data-inverted', 'true');
  // Markers: entering the front page, the peak, leaving it; the same on each chart.
  await expect(rank.locator('[data-marker="entered"]')).toHaveCount(1);
  await expect(rank.locator('[data-marker="peak"]')).toHaveCount(1);
  await expect(rank.locator('[data-marker="left"]')).toHaveCount(1);
  // The inverted axis: the peak (rank 3) is drawn above the first front-page rank (25).
  const path = await rank.locator('path[data-series="rank"]').getAttribute('d');
  const ys = [...path!.matchAll(/(?:M[\d.]+ |V)([\d.]+)/g)].map((match) => Number(match[1]));
  expect(Math.min(...ys)).toBeLessThan(ys[0]!);
  await expect(page.getByText('Entered the front page')).toBeVisible();
  await expect(page.getByTestId('resolution')).toHaveText('Every change, minute by minute.');

  // The facts.
  const facts = page.getByTestId('story-facts');
  const fact = (term: string) => facts.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(fact('Time to the front page')).toHaveText('1 h');
  await expect(fact('Peak rank')).toHaveText(/^#3, /);
  await expect(fact('On the front page')).toHaveText('2 h');
  await expect(fact('Points an hour at the peak')).toHaveText('40');
  await expect(page.getByTestId('heat-history')).toBeVisible();

  // Predictions with their outcome, the keyword, the links out.
  const predictions = page.getByTestId('prediction-table').getByRole('row');
  await expect(predictions).toHaveCount(3);
  await expect(predictions.nth(1)).toContainText('90%');
  await expect(predictions.nth(1)).toContainText('Inaccurate');
  await expect(predictions.nth(2)).toContainText('Pending');
  await expect(page.getByRole('link', { name: keyword })).toHaveAttribute('href', `/keywords?keyword=${keyword}`);
  await expect(page.getByRole('link', { name: 'Read Article' })).toHaveAttribute('href', 'https://example.com/history');
  await expect(page.getByRole('link', { name: 'Discussion on Hacker News' })).toHaveAttribute('href', /news\.ycombinator\.com\/item\?id=\d+/);
  await expect(page.getByRole('button', { name: 'Bookmark' })).toBeVisible();
  await checkPage(page, 'story-page', async (p) => {
    await expect(p.getByRole('img', { name: /^Points from/ })).toBeVisible();
  });

  // The same data as a table, one click away, and back.
  const toggle = page.getByRole('button', { name: 'Show as table' });
  await toggle.click();
  const table = page.getByTestId('history-table');
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([/UTC$/, '2', '0', '—']);
  await expect(table.getByRole('row').nth(3).getByRole('cell')).toHaveText([/UTC$/, '80', '20', '3']);
  await expect(page.getByRole('button', { name: 'Show as charts' })).toHaveAttribute('aria-expanded', 'true');
  await checkPage(page, 'story-page-table', async (p) => {
    await expect(p.getByTestId('history-table')).toBeVisible();
  });
  await page.getByRole('button', { name: 'Show as charts' }).click();
  await expect(page.getByRole('img', { name: /^Points from/ })).toBeVisible();
});

test('an unknown story is a 404 with Story Not Found', async ({ page }) => {
  const response = await page.goto('/stories/2000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Story Not Found' })).toBeVisible();
  await expect(page.getByText('Story not found: no story has this id, or it is no longer shown.')).toBeVisible();
  expect((await page.goto('/stories/not-a-number'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Story Not Found' })).toBeVisible();
});

test("a card's age leads to its story page, rendered for someone signed in", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page);
  await page.goto('/');
  await waitForStories(page);
  const card = page.getByRole('list', { name: 'Stories' }).getByRole('article').first();
  const title = (await card.getByRole('heading').textContent())!;
  await card.locator('[data-story-link="history"]').click();
  await expect(page).toHaveURL(/\/stories\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: /Watch/ })).toBeVisible();
  // Reloaded, the server renders it with the person's navigation.
  await page.reload();
  await startApp(page);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: false })).toBeVisible();
});
