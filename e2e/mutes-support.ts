import type { Page } from '@playwright/test';
import { cardAction, checkPage, expect, toast } from './support.ts';

/** The story list's cards. */
export const cards = (page: Page) => page.getByRole('list', { name: 'Stories' }).getByRole('article');

/** The title of the nth card (its heading). */
export async function titleOf(page: Page, index: number): Promise<string> {
  return (await cards(page).nth(index).getByRole('heading').first().innerText()).trim();
}

/** Nothing wider than the screen (no sideways scrolling). */
export async function expectNoOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/**
 * Muting from a card on the list, and every way back: hide a story (gone, "1 hidden", Undo brings it back), mute a
 * domain from the card's menu (no story of it left on the list, nor in search), show the hidden ones marked, the
 * rules page lists and removes them. Axe in both themes at each step (checkPage).
 */
export async function muteFromCards(page: Page, prefix: string, listPath: string): Promise<void> {
  const title = await titleOf(page, 0);
  await (await cardAction(cards(page).first(), 'Hide this story')).click();
  await expect(toast(page, 'Story hidden')).toBeVisible();
  await expect(cards(page).filter({ hasText: title })).toHaveCount(0);
  await expect(page.getByTestId('muted-caption')).toContainText('1 hidden');
  await toast(page, 'Story hidden').getByRole('button', { name: 'Undo' }).click();
  await expect(cards(page).filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByTestId('muted-caption')).toHaveCount(0);

  // Mute the first card's domain from its menu.
  const first = cards(page).first();
  const domainItem = await cardAction(first, 'More muting');
  await domainItem.click();
  const item = page.getByRole('menuitem', { name: /^Mute .+\..+/ }).first();
  const domain = (await item.innerText()).replace(/^Mute /, '').trim();
  // The domain's stories are on the list before, none after.
  await expect(cards(page).filter({ hasText: `(${domain})` }).first()).toBeVisible();
  await item.click();
  await expect(toast(page, `Muted ${domain}`)).toBeVisible();
  // A card shows its domain as "(example.com)".
  const ofDomain = () => cards(page).filter({ hasText: `(${domain})` });
  await expect(ofDomain()).toHaveCount(0);
  await expect(page.getByTestId('muted-caption')).toContainText('hidden');
  await checkPage(page, `${prefix}-muted-list`, async (p) => {
    await expect(p.getByTestId('muted-caption')).toBeVisible();
  });

  // Show them: marked as muted; hide them again.
  await page.getByRole('button', { name: 'Show them' }).click();
  await expect(page).toHaveURL(/showMuted=1/);
  await expect(page.getByTestId('muted-mark').first()).toBeVisible();
  await page.getByRole('button', { name: 'Hide them' }).click();
  await expect(page.getByTestId('muted-mark')).toHaveCount(0);

  // The rules page lists the rule; unmuting brings the domain's stories back.
  await page.getByRole('link', { name: 'Muting rules' }).click();
  await expect(page.getByRole('heading', { name: 'Muted stories' })).toBeVisible();
  const rules = page.getByRole('list', { name: 'Muting rules' });
  await expect(rules.getByText(domain, { exact: true })).toBeVisible();
  await expectNoOverflow(page);
  await checkPage(page, `${prefix}-mutes-page`, async (p) => {
    await expect(p.getByRole('list', { name: 'Muting rules' })).toBeVisible();
  });
  // A bad rule says why.
  await page.getByLabel('Mute by').selectOption('domain');
  await page.getByLabel('Domain', { exact: true }).fill('not a domain');
  await page.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('host name');
  await rules.getByRole('button', { name: `Unmute domain ${domain}` }).click();
  await expect(page.getByText('Nothing is muted.')).toBeVisible();
  await page.goto(listPath);
  await expect(ofDomain().first()).toBeVisible();
}
