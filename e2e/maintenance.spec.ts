import type { APIRequestContext } from '@playwright/test';
import { checkPage, completeOnboarding, expect, signUp, signUpAs, test, waitForStories, withDatabase } from './support.ts';

/**
 * Runs alone, after every other project (see playwright.config.ts): it switches the whole site. The server keeps its
 * reading of the setting for a moment, so the switch is done once the server's own status says so.
 */
async function setMaintenanceMode(on: boolean, request?: APIRequestContext): Promise<void> {
  await withDatabase((db) =>
    db.query(
      `INSERT INTO settings (key, value, category) VALUES ('maintenance_mode', $1::jsonb, 'feature_flags')
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [JSON.stringify(on)],
    ),
  );
  if (request) {
    await expect
      .poll(async () => ((await (await request.get('/api/maintenance-status')).json()) as { maintenanceMode: boolean }).maintenanceMode, { timeout: 10_000 })
      .toBe(on);
  }
}

test.describe.configure({ mode: 'serial' });

test.afterAll(async () => {
  await setMaintenanceMode(false);
});

test('maintenance mode: visitors and users see the maintenance page, admins carry on', async ({ page, browser }) => {
  const { email, password } = await signUp(page, 'Site Admin');
  await completeOnboarding(page);
  await withDatabase((db) => db.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [email]));
  await setMaintenanceMode(true, page.request);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  // A controllable clock from the start, so the 30 s status poll can be fast-forwarded below.
  await visitor.clock.install();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: "We're under maintenance" })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/api/login');
  await checkPage(visitor, 'maintenance', async (p) => {
    await expect(p.getByRole('link', { name: 'Admin Login' })).toBeVisible();
  });
  // The status is polled every 30 s: a page already open switches back without a reload.
  await setMaintenanceMode(false, page.request);
  await visitor.clock.fastForward(31_000);
  await expect(visitor.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
  await setMaintenanceMode(true, page.request);
  await visitorContext.close();

  // An admin who is signed out comes in through the maintenance page's Admin Login and carries on.
  const returning = await browser.newPage();
  await returning.goto('/');
  await returning.getByRole('link', { name: 'Admin Login' }).click();
  await returning.getByLabel('Email').fill(email);
  await returning.getByLabel('Password').fill(password);
  await returning.getByRole('button', { name: 'Sign In' }).click();
  await waitForStories(returning);
  await returning.getByRole('button', { name: /Account menu/ }).click();
  await expect(returning.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
  await returning.close();

  await page.reload();
  await waitForStories(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
});

test("an admin turns maintenance on and off from /admin/settings; a reader's open page follows within the 30 s poll", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await setMaintenanceMode(false, page.request);
  await signUpAs(page, 'admin', 'Switching Admin');

  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await reader.clock.install();
  await reader.goto('/');
  await expect(reader.getByRole('heading', { name: 'Trending Now' })).toBeVisible();

  await page.goto('/admin/settings');
  const flag = page.getByRole('switch', { name: 'maintenance_mode', exact: true });
  await expect(flag).toHaveAttribute('aria-checked', 'false');
  await flag.click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Setting Updated' })).toBeVisible();
  // The admin carries on, in the admin area, reminded on every page that the site is closed to everyone else.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'maintenance_mode', exact: true })).toHaveAttribute('aria-checked', 'true');
  const banner = page.getByRole('status').filter({ hasText: 'Maintenance mode is on' });
  await expect(banner).toBeVisible();
  await page.goto('/');
  await expect(banner).toBeVisible();
  await page.goto('/admin/settings');

  await reader.clock.fastForward(31_000);
  await expect(reader.getByRole('heading', { name: "We're under maintenance" })).toBeVisible();

  await page.getByRole('switch', { name: 'maintenance_mode', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'maintenance_mode', exact: true })).toHaveAttribute('aria-checked', 'false');
  await expect(banner).toHaveCount(0);
  await reader.clock.fastForward(31_000);
  await expect(reader.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
  await readerContext.close();
});
