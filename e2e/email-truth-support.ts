import type { Page } from '@playwright/test';
import { checkPage, expect, signUpThroughApi, toast } from './support.ts';
import { signUpAdmin } from './email-support.ts';

/**
 * While the server sends no email (the test server has no SMTP_URL), a person turning an email on is told so, and
 * admins see it on the dashboard. `tap` is the phone's press, `click` the desktop's.
 */
export async function emailNotSentOnPreferences(page: Page, press: 'click' | 'tap', shot: string): Promise<void> {
  await signUpThroughApi(page, 'Tess Truth');
  await page.goto('/preferences');
  const trending = page.getByRole('switch', { name: 'Trending Alerts' });
  await expect(trending).toHaveAttribute('aria-checked', 'false');
  await trending[press]();
  await expect(trending).toHaveAttribute('aria-checked', 'true');
  await expect(toast(page, 'This server does not send email yet.')).toBeVisible();
  const note = page.getByTestId('email-not-sent');
  await expect(note).toContainText('This server does not send email yet.');
  await checkPage(page, shot, async (p) => {
    await expect(p.getByTestId('email-not-sent')).toBeVisible();
  });
  // With every email off there is nothing to warn about.
  for (const name of ['Keyword Alerts', 'Weekly Newsletter', 'Trending Alerts', 'Watched Stories']) {
    const row = page.getByRole('switch', { name, exact: true });
    if ((await row.getAttribute('aria-checked')) === 'true') await row[press]();
  }
  await expect(note).toBeHidden();
}

export async function emailNotSentOnDashboard(page: Page, shot: string): Promise<void> {
  await signUpAdmin(page);
  await page.goto('/admin');
  const warning = page.getByTestId('email-delivery-warning');
  await expect(warning).toContainText('This server does not send email yet.');
  await expect(warning.getByRole('link', { name: 'Set up email' })).toHaveAttribute('href', '/admin/email');
  await checkPage(page, shot, async (p) => {
    await expect(p.getByTestId('email-delivery-warning')).toBeVisible();
  });
}
