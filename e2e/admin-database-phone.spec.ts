import { checkPage, expect, signUpAs, test } from './support.ts';

/** The maintenance page on a phone: the cards, the log table (scrolling on its own) and the Configure dialog fit. */
test('phone: the database maintenance page and its dialog fit the screen', async ({ page }) => {
  await signUpAs(page, 'admin', 'Phone Database');
  await page.goto('/admin/maintenance');
  await page.getByRole('button', { name: 'Initialize Tasks' }).tap();
  const tasks = page.getByRole('region', { name: 'Maintenance tasks' });
  await expect(tasks.getByRole('article')).toHaveCount(6);
  const noOverflow = async (where: string) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${where} is wider than the screen`).toBeLessThanOrEqual(0);
  await noOverflow('/admin/maintenance');
  await checkPage(page, 'phone-admin-maintenance', async (p) => {
    await expect(p.getByRole('region', { name: 'Maintenance tasks' }).getByRole('article')).toHaveCount(6);
  });
  await tasks.getByRole('button', { name: 'Configure Thin snapshots' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Configure Thin snapshots' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toBeHidden();
});
