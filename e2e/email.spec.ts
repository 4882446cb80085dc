import { checkPage, expect, signUpThroughApi, test, toast } from './support.ts';
import { signUpAdmin, welcomeUnsubscribeLink } from './email-support.ts';

/** Email in the browser: the unsubscribe page from a real email's link, and the admin email pages. */

test('the welcome email’s unsubscribe link asks first, turns email off with one press, and says what is next', async ({ page }) => {
  const { email } = await signUpThroughApi(page, 'Una Subscriber');
  const link = await welcomeUnsubscribeLink(email);
  const calls: string[] = [];
  page.on('request', (request) => request.url().includes('/api/unsubscribe/') && calls.push(`${request.method()} ${request.url()}`));
  await page.goto(link);
  // Opening the link changes nothing (mail scanners open links too): the page asks.
  await expect(page.getByRole('heading', { name: 'Unsubscribe from all email notifications?' })).toBeVisible();
  expect(calls, 'no call on opening').toHaveLength(0);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
  await expect(page.getByText('You have been unsubscribed from all email notifications.')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('heading', { name: "What's Next?" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Email Preferences' })).toHaveAttribute('href', '/preferences');
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  expect(calls, 'the call runs once, as a POST').toEqual([expect.stringMatching(/^POST /)]);
  await checkPage(page, 'unsubscribe-success', async (p) => {
    await expect(p.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
  });
  await page.getByRole('link', { name: 'Email Preferences' }).click();
  await expect(page.getByRole('switch', { name: /email notifications/i }).first()).toHaveAttribute('aria-checked', 'false');
});

test('a changed unsubscribe link fails with the server’s message', async ({ page }) => {
  await page.goto('/unsubscribe/not-a-real-token?type=weekly_digest');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Unsubscribe failed' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'invalid' })).toBeVisible();
  await checkPage(page, 'unsubscribe-failed', async (p) => {
    await expect(p.getByRole('heading', { name: 'Unsubscribe failed' })).toBeVisible();
  });
});

test('the admin email page: delivery off and how to turn it on, the outbox log, the weekly newsletter now', async ({ page }) => {
  await signUpAdmin(page);
  await page.goto('/admin/email');
  await expect(page.getByRole('heading', { name: 'Email Management' })).toBeVisible();
  await expect(page.getByText('Disabled')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('SMTP_URL');
  const log = page.getByRole('region', { name: 'Email activity' });
  await expect(log.getByRole('cell', { name: 'Welcome to HN Trends' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Test' })).toBeDisabled();
  await checkPage(page, 'admin-email', async (p) => {
    await expect(p.getByRole('region', { name: 'Email activity' }).getByRole('table')).toBeVisible();
  });
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Send Weekly Newsletter Now' }).click();
  await expect(toast(page, 'Weekly digest sent')).toBeVisible();
  await log.getByRole('combobox', { name: 'Filter by type' }).selectOption('weekly_digest');
  await expect(log.getByRole('cell', { name: /Your weekly HN Trends digest/ }).first()).toBeVisible();
});

test('the newsletter page: tabs, the engagement table, and the Sunday Digest saved, previewed and deleted', async ({ page }) => {
  await signUpAdmin(page);
  await page.goto('/admin/newsletter');
  await expect(page.getByRole('heading', { name: 'Newsletter Management' })).toBeVisible();
  await expect(page.getByText('Total emails')).toBeVisible();
  const groups = page.getByRole('region', { name: 'Subscription status' });
  for (const status of ['Full', 'Newsletter', 'Alerts', 'Inactive']) await expect(groups.getByText(status, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(page.getByRole('table').getByRole('cell', { name: /Full|Newsletter|Alerts|Inactive/ }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByRole('region', { name: 'Weekly newsletter' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sunday Digest' }).click();
  await page.getByLabel('Week of (snapped to its Sunday)').fill('2026-11-25');
  await expect(page.getByLabel('Week of (snapped to its Sunday)')).toHaveValue('2026-11-22');
  await page.getByRole('textbox', { name: /^Top content/ }).fill('<p>Hello from the <b>editors</b></p><script>alert(1)</script>');
  await page.getByRole('combobox', { name: 'Top content style' }).selectOption('tip');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Custom content saved')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Top content/ })).toHaveValue('<p>Hello from the <b>editors</b></p>');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.frameLocator('iframe[title="Weekly digest preview"]');
  await expect(preview.getByText('Hello from the editors')).toBeVisible();
  await checkPage(
    page,
    'admin-newsletter-digest',
    async (p) => {
      await expect(p.locator('iframe[title="Weekly digest preview"]')).toBeVisible();
    },
    ['iframe[title="Weekly digest preview"]'],
  );
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Custom content deleted')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Top content/ })).toHaveValue('');
});

test('a signed-in person without the admin role is turned away from the admin email page', async ({ page }) => {
  await signUpThroughApi(page, 'Nora Normal');
  // The admin pages' frame: the 'Access Verification' screen lasts only the second before the redirect (its unit
  // test checks it); from /admin a person without a role goes on to the home page.
  await page.goto('/admin/email');
  await expect(toast(page, 'Access Denied')).toContainText('Administrator privileges required.');
  await expect(page).toHaveURL(/\/$/);
});
