import { test } from './support.ts';
import { emailNotSentOnDashboard, emailNotSentOnPreferences } from './email-truth-support.ts';

test('phone: turning an email on says this server does not send email yet', async ({ page }) => {
  // Sign-up, the page and axe in both themes: slow on a busy machine.
  test.setTimeout(180_000);
  await emailNotSentOnPreferences(page, 'tap', 'phone-preferences-email-not-sent');
});

test('phone: admins see on the dashboard that this server does not send email yet', async ({ page }) => {
  // Sign-up, the page and axe in both themes: slow on a busy machine.
  test.setTimeout(180_000);
  await emailNotSentOnDashboard(page, 'phone-admin-email-not-sent');
});
