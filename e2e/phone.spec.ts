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

test('phone: nothing on the landing page moves as it loads (layout shift under 0.02)', async ({ page }) => {
  // Every layout shift from the first paint on. No input is made here, so all of them count: a phone's emulated
  // touch marks the first ones as after an input, which Lighthouse's CLS counts anyway.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(page.getByTestId('trending-row')).toHaveCount(3);
  // Parts below the first screen are laid out once near it: scroll through the page, back to the top.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await frame();
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
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
