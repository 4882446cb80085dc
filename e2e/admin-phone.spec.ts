import { checkPage, expect, seedFlaggedStory, signUpAs, test } from './support.ts';

/** The admin pages on a phone: nothing wider than the screen, dialogs within it, axe on each. */
test('phone: the admin pages and dialogs fit the screen', async ({ page }) => {
  test.setTimeout(300_000);
  const { email } = await signUpAs(page, 'admin', 'Phone Admin');
  const title = await seedFlaggedStory(email, 'Spam from a phone');
  const noOverflow = async (where: string) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${where} is wider than the screen`).toBeLessThanOrEqual(0);

  for (const [path, heading, name] of [
    ['/admin', 'Admin Dashboard', 'phone-admin-dashboard'],
    ['/admin/users', 'User Management', 'phone-admin-users'],
    ['/admin/logs', 'Admin Logs', 'phone-admin-logs'],
    ['/admin/settings', 'System Settings', 'phone-admin-settings'],
    ['/admin/search', 'Admin Search', 'phone-admin-search'],
    ['/admin/contact', 'Contact Messages', 'phone-admin-contact'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await checkPage(page, name, async (p) => {
      await expect(p.locator('[aria-busy="true"]')).toHaveCount(0);
    });
    await noOverflow(path);
  }

  await page.goto('/admin/content');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await noOverflow('/admin/content');
  await checkPage(page, 'phone-admin-content', async (p) => {
    await expect(p.getByRole('article', { name: title })).toBeVisible();
  });
  await card.getByRole('button', { name: 'Delete' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Delete flag' });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeInViewport();
  await confirm.getByRole('button', { name: 'Cancel' }).tap();

  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Announcements' }).tap();
  await page.getByRole('button', { name: 'New Announcement' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Create Announcement' });
  await expect(dialog.getByLabel('Title')).toBeVisible();
  await checkPage(page, 'phone-admin-announcement-dialog', async (p) => {
    await expect(p.getByRole('dialog')).toBeVisible();
  });
  await noOverflow('the announcement dialog');
});
