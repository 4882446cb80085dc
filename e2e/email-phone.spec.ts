import { AxeBuilder } from '@axe-core/playwright';
import { checkPage, expect, saveScreenshot, signUpThroughApi, test, toast, withDatabase } from './support.ts';
import { signUpAdmin, welcomeUnsubscribeLink } from './email-support.ts';

const noOverflow = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('phone: the unsubscribe page fits the screen', async ({ page }) => {
  const { email } = await signUpThroughApi(page, 'Pia Phone');
  await page.goto(await welcomeUnsubscribeLink(email));
  await page.getByRole('button', { name: 'Unsubscribe' }).tap();
  await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
  await noOverflow(page);
  await checkPage(page, 'phone-unsubscribe', async (p) => {
    await expect(p.getByRole('heading', { name: "What's Next?" })).toBeVisible();
  });
});

test('phone: the admin email and newsletter pages fit the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAdmin(page);
  await page.goto('/admin/email');
  await expect(page.getByRole('region', { name: 'Email activity' }).getByRole('table')).toBeVisible();
  await checkPage(page, 'phone-admin-email', async (p) => {
    await expect(p.getByRole('heading', { name: 'Email Management' })).toBeVisible();
  });
  await page.goto('/admin/newsletter');
  for (const tab of ['Subscribers', 'Activity', 'Performance', 'Sunday Digest', 'Overview']) {
    await page.getByRole('tab', { name: tab }).tap();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  }
  await noOverflow(page);
  await checkPage(page, 'phone-admin-newsletter', async (p) => {
    await expect(p.getByText('Total emails')).toBeVisible();
  });
});

/**
 * The emails themselves, as a phone's mail app shows them in its light and dark modes: each fits the screen and
 * reads with enough contrast (axe, WCAG AA). The welcome email and this week's newsletter come from the outbox.
 */
test('phone: the welcome email and the weekly newsletter fit the screen and read well in light and dark mail apps', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await signUpAdmin(page);
  await page.goto('/admin/email');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Send Weekly Newsletter Now' }).tap();
  await expect(toast(page, 'Weekly digest sent')).toBeVisible();
  const emails = await withDatabase(async (client) => {
    const welcome = await client.query<{ html: string }>(`SELECT html FROM email_outbox WHERE recipient = $1 AND kind = 'welcome'`, [email]);
    const digest = await client.query<{ html: string }>(`SELECT html FROM email_outbox WHERE kind = 'weekly_digest' ORDER BY id DESC LIMIT 1`);
    return { welcome: welcome.rows[0]!.html, 'weekly-digest': digest.rows[0]!.html };
  });
  for (const [kind, html] of Object.entries(emails)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setContent(html);
      await noOverflow(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `${kind} (${colorScheme})`).toEqual([]);
      await saveScreenshot(page, `phone-email-${kind}-${colorScheme}`);
    }
  }
});
