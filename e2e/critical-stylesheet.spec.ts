import type { Page } from '@playwright/test';
import { expect, seedStoryWithHistory, test } from './support.ts';

/**
 * A page the server renders carries only the stylesheet's rules its markup uses (server/critical-stylesheet.ts), the
 * full stylesheet's link disabled until the app starts. Every element, and its ::before and ::after, must look the
 * same with those rules alone as with the full stylesheet: nothing the first paint shows may restyle when the app
 * enables the rest.
 */

type Change = 'enable the full stylesheet' | 'drop the own rules, in the other theme';

/**
 * Makes a change to the page's style sheets and lists every computed property (but custom properties) of every
 * element of the body, and of its ::before and ::after where drawn, that it changed. Either enables the full
 * stylesheet of the page as served (the app not started), or, with the full stylesheet applied, switches the theme
 * and drops the page's own rules: those must then change nothing, whatever variants they left out. Done in the
 * page in one step: the app would start on its own 10 s after the load.
 */
function changesMade(page: Page, change: Change): Promise<{ stylesheetsBefore: number; stylesheetsAfter: number; values: number; changed: string[] }> {
  return page.evaluate(async (change) => {
    const computed = () => {
      // Running animations (the live dot's ping) held at their start, so their values compare.
      for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = 0;
      }
      const styles = new Map<string, string>();
      document.body.querySelectorAll('*').forEach((element, index) => {
        const where = `${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class')?.split(/\s+/).slice(0, 3).join('.') ?? ''}`;
        for (const pseudo of ['', '::before', '::after']) {
          const style = getComputedStyle(element, pseudo || null);
          // A ::before or ::after with no content is not drawn.
          if (pseudo && (style.content === 'none' || style.content === 'normal')) continue;
          for (let at = 0; at < style.length; at++) {
            const property = style.item(at);
            // Custom properties no rule of the page reads are left out of its own rules: they change nothing drawn.
            if (property.startsWith('--')) continue;
            styles.set(`${where}${pseudo} ${property}`, style.getPropertyValue(property));
          }
        }
      });
      return styles;
    };
    const stylesheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    if (!stylesheet) throw new Error('the page links no stylesheet');
    const stylesheetsBefore = document.styleSheets.length;
    let before: Map<string, string>;
    if (change === 'enable the full stylesheet') {
      if (!stylesheet.disabled) throw new Error('the full stylesheet is enabled already: the app started, or the page links its stylesheet');
      before = computed();
      await new Promise<void>((resolve, reject) => {
        stylesheet.addEventListener('load', () => resolve(), { once: true });
        stylesheet.addEventListener('error', () => reject(new Error('the full stylesheet did not load')), { once: true });
        stylesheet.disabled = false;
      });
    } else {
      if (stylesheet.disabled) throw new Error('the full stylesheet is not applied');
      document.documentElement.classList.toggle('dark');
      // Transitions off, so each value read is the theme's own, not one half-way.
      document.body.querySelectorAll<HTMLElement>('*').forEach((element) => element.style.setProperty('transition', 'none'));
      before = computed();
      document.head.querySelector('style')!.remove();
    }
    const after = computed();
    const changed = [...after].filter(([key, value]) => before.get(key) !== value).map(([key, value]) => `${key}: ${before.get(key)} → ${value}`);
    return { stylesheetsBefore, stylesheetsAfter: document.styleSheets.length, values: after.size, changed: changed.slice(0, 50) };
  }, change);
}

async function expectSameWithFullStylesheet(page: Page): Promise<void> {
  const { stylesheetsBefore, stylesheetsAfter, values, changed } = await changesMade(page, 'enable the full stylesheet');
  // Before: the page's own rules alone; after: the full stylesheet too.
  expect(stylesheetsBefore).toBe(1);
  expect(stylesheetsAfter).toBe(2);
  expect(values).toBeGreaterThan(10_000);
  expect(changed).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the landing page (${theme}) looks the same with its own rules as with the full stylesheet`, async ({ page }) => {
    if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('hn-trends-theme', 'dark'));
    await page.goto('/');
    await expect(page.getByTestId('trending-row').first()).toBeVisible();
    await expectSameWithFullStylesheet(page);
  });
}

test('the signed-in home looks the same with its own rules as with the full stylesheet', async ({ page }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const email = `e2e-critical-${Date.now()}-${process.pid}@example.com`;
  const signedUp = await page.request.post('/api/auth/sign-up/email', { data: { email, name: 'Grace Hopper', password: 'correct horse battery' }, headers: { origin } });
  expect(signedUp.ok()).toBe(true);
  const onboarded = await page.request.post('/api/user/onboarding/complete', {
    data: { emailNotifications: false, weeklyDigest: false, marketingConsent: false, analyticsConsent: false, emailFrequency: 'immediate', timezone: 'UTC' },
    headers: { origin },
  });
  expect(onboarded.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Stories' }).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  await expectSameWithFullStylesheet(page);
  // The page's rules for the light theme stay in its head once the full stylesheet applies: they must not outweigh
  // its dark rules when the person switches theme.
  const dark = await changesMade(page, 'drop the own rules, in the other theme');
  expect(dark.stylesheetsBefore - dark.stylesheetsAfter).toBe(1);
  expect(dark.values).toBeGreaterThan(10_000);
  expect(dark.changed).toEqual([]);
});

test('a story page looks the same with its own rules as with the full stylesheet', async ({ page }) => {
  const { id, title } = await seedStoryWithHistory();
  await page.goto(`/stories/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await expectSameWithFullStylesheet(page);
});
