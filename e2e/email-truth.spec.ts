import { test } from './support.ts';
import { emailNotSentOnDashboard, emailNotSentOnPreferences } from './email-truth-support.ts';

test('turning an email on says this server does not send email yet', async ({ page }) => {
  // Sign-up, the page and axe in both themes: slow on a busy machine.
  test.setTimeout(180_000);
  await emailNotSentOnPreferences(page, 'click', 'preferences-email-not-sent');
});

test('admins see on the dashboard that this server does not send email yet', async ({ page }) => {
  // Sign-up, the page and axe in both themes: slow on a busy machine.
  test.setTimeout(180_000);
  await emailNotSentOnDashboard(page, 'admin-email-not-sent');
});
