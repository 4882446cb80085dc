import { EMAIL_SHARE_MARKER } from '../common/rules/email.ts';
import { checkPage, expect, signUpAs, test, withDatabase } from './support.ts';

/** Shared-links analytics in the browser (issue 18): totals, top links, today's Manual and Auto Email, the period in the URL. */
test('admin: shared-links analytics shows the period, today’s manual and email links, and opens a link in a new tab', async ({ page }) => {
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
  const manual = page.getByRole('region', { name: /^Today: Manual/ });
  const auto = page.getByRole('region', { name: /^Today: Auto Email/ });
  await expect(manual.getByRole('link', { name: /My manual pick/ })).toHaveAttribute('href', `/share/manual-${suffix}`);
  await expect(manual.getByRole('link', { name: /My manual pick/ })).toHaveAttribute('target', '_blank');
  await expect(auto.getByRole('cell', { name: email })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Top links of the last 30 days/ }).getByRole('link', { name: /My manual pick/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last 7 days' }).getByRole('row')).toHaveCount(8);

  await page.getByLabel('Period').selectOption('7');
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(page.getByRole('region', { name: /^Top links of the last 7 days/ })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Period')).toHaveValue('7');
  await checkPage(page, 'admin-shared-links', async (p) => {
    await expect(p.getByRole('region', { name: /^Today: Manual/ })).toBeVisible();
  });
});
