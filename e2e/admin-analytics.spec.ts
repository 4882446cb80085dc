import { EMAIL_SHARE_MARKER } from '#common/rules/email.ts';
import { checkPage, expect, signUpAs, test, withDatabase } from './support.ts';

/** Shared-links analytics in the browser: totals, top links, today's links (people's shares only), the period in the URL. */
test('admin: shared-links analytics shows the period and today’s shared links, leaves out links made for emails, and opens a link in a new tab', async ({ page }) => {
  const { email } = await signUpAs(page, 'admin', 'Sheila Shares');
  const suffix = Date.now().toString(36);
  await withDatabase(async (db) => {
    const story = await db.query<{ id: number }>('SELECT id FROM stories ORDER BY id LIMIT 1');
    const user = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await db.query(
      `INSERT INTO shared_links (share_token, user_id, story_id, custom_title, view_count, article_clicks) VALUES
         ($1, $3, $4, 'My manual pick', 8, 2), ($2, $3, $4, $5, 3, 0)`,
      [`manual-${suffix}`, `email-${suffix}`, user.rows[0]!.id, story.rows[0]!.id, `${EMAIL_SHARE_MARKER}: weekly digest`],
    );
  });
  await page.goto('/admin');
  await page.getByRole('link', { name: /Shared Links Analytics/ }).click();
  await expect(page.getByRole('heading', { name: 'Shared Links Analytics', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Period')).toHaveValue('30');
  const manual = page.getByRole('region', { name: /^Today \(/ });
  await expect(manual.getByRole('link', { name: /My manual pick/ })).toHaveAttribute('href', `/share/manual-${suffix}`);
  await expect(manual.getByRole('link', { name: /My manual pick/ })).toHaveAttribute('target', '_blank');
  await expect(manual.getByRole('link', { name: /My manual pick/ })).toBeVisible();
  // A link made for an email (as emails once linked their stories) is no one's share: it is not listed.
  await expect(page.getByRole('link', { name: new RegExp(EMAIL_SHARE_MARKER) })).toHaveCount(0);
  await expect(page.locator(`a[href="/share/email-${suffix}"]`)).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Top links of the last 30 days/ }).getByRole('link', { name: /My manual pick/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last 7 days' }).getByRole('row')).toHaveCount(8);

  await page.getByLabel('Period').selectOption('7');
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(page.getByRole('region', { name: /^Top links of the last 7 days/ })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Period')).toHaveValue('7');
  await checkPage(page, 'admin-shared-links', async (p) => {
    await expect(p.getByRole('region', { name: /^Today \(/ })).toBeVisible();
  });
});

/** The analytics page: a story someone opened ranks in popular stories; API requests and events are listed. */
test('admin: analytics shows popular stories, API usage and user events for the period in the URL', async ({ page }) => {
  await signUpAs(page, 'admin', 'Ana Lytics');
  const story = await withDatabase(
    async (db) => (await db.query<{ id: number; title: string; url: string }>(`SELECT id, title, url FROM stories WHERE url <> '' ORDER BY score DESC, id LIMIT 1`)).rows[0]!,
  );
  await page.goto('/admin');
  // A reader opens the story, as the story card reports it.
  const tracked = await page.evaluate(
    async ({ id, title, url }) =>
      (
        await fetch('/api/analytics/track', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ eventType: 'story_view', properties: { viewType: 'title_click', storyId: id, title, url, score: 1, position: 'regular' } }),
        })
      ).status,
    story,
  );
  expect(tracked).toBe(200);

  await page.getByRole('link', { name: /^Analytics/ }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Time period')).toHaveValue('24');
  const popular = page.getByRole('list', { name: 'Popular stories, most viewed first' });
  const link = popular.getByRole('link', { name: story.title, exact: true });
  await expect(link).toHaveAttribute('href', story.url);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(popular.getByRole('listitem').filter({ hasText: story.title })).toContainText(/\d+ views? \(\d+ unique\)/);
  const events = page.getByRole('group', { name: 'Latest user events table' });
  await expect(events.getByRole('row').filter({ hasText: story.title }).first()).toContainText('Story view');
  // Requests are written in batches every few seconds; the page refreshes every 30 s, a reload sooner.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('group', { name: 'Latest API requests table' }).getByText(/GET \/api\/admin\//).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('group', { name: 'Busiest routes table' })).toContainText('/api/');

  await page.getByLabel('Time period').selectOption({ label: 'Week' });
  await expect(page).toHaveURL(/\?timeframe=168$/);
  await page.reload();
  await expect(page.getByLabel('Time period')).toHaveValue('168');
  await checkPage(page, 'admin-analytics', async (p) => {
    await expect(p.getByRole('list', { name: 'Popular stories, most viewed first' })).toBeVisible();
  });
});
