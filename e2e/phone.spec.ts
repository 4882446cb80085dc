import { checkPage, expect, signUpThroughApi, test, waitForStories } from './support.ts';

test('phone: landing page fits the screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('trending-row')).toHaveCount(3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkPage(page, 'phone-landing', async (p) => {
    await expect(p.getByTestId('trending-row')).toHaveCount(3);
  });
});

test('phone: the collapsible menu holds the navigation and the account links', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page);
  await waitForStories(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkPage(page, 'phone-home', waitForStories);

  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  const menu = page.locator('#mobile-menu');
  for (const name of ['Stories', 'Keywords', 'Predictions', 'Bookmarks', 'Watched', 'Search', 'Profile', 'Preferences', 'Sign Out']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await checkPage(page, 'phone-menu', async (p) => {
    await expect(p.locator('#mobile-menu')).toBeVisible();
  });
  await menu.getByRole('link', { name: 'Preferences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
  await expect(menu).toBeHidden();
});
