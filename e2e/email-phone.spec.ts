import { checkPage, completeOnboarding, expect, signUp, test } from './support.ts';
import { signUpAdmin, welcomeUnsubscribeLink } from './email-support.ts';

const noOverflow = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('phone: the unsubscribe page fits the screen', async ({ page }) => {
  const { email } = await signUp(page, 'Pia Phone');
  await completeOnboarding(page);
  await page.goto(await welcomeUnsubscribeLink(email));
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
