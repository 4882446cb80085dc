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
            // A drawn icon's mask is the page's own sheet of its icons, then the whole sheet: the same pixels, which
            // the test of drawn icons below compares.
            if (pseudo === '::before' && element.hasAttribute('data-icon') && /mask-image$/.test(property)) continue;
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

/**
 * How far apart two screenshots of the same size are: the largest difference of a channel (0-255), and how many
 * pixels differ by more than a quarter of it. Two drawings of one shape differ at their edges by antialiasing alone.
 */
function pixelDifference(page: Page, first: string, second: string): Promise<{ largest: number; far: number }> {
  return page.evaluate(async (images) => {
    const pixels = await Promise.all(
      images.map(async (base64) => {
        const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      }),
    );
    let largest = 0;
    let far = 0;
    for (let at = 0; at < pixels[0]!.length; at += 4) {
      const difference = Math.max(...[0, 1, 2].map((channel) => Math.abs(pixels[0]![at + channel]! - pixels[1]![at + channel]!)));
      largest = Math.max(largest, difference);
      if (difference > 64) far++;
    }
    return { largest, far };
  }, [first, second]);
}

/** The screenshot of each of the page's probes of drawn icons (see below), by its test id. */
async function probeShots(page: Page, ids: string[]): Promise<string[]> {
  return Promise.all(ids.map(async (id) => (await page.getByTestId(id).screenshot({ animations: 'disabled' })).toString('base64')));
}

test("a story page's drawn icons show their own cell of the sheet, the page's own sheet as the whole one", async ({ page }) => {
  const { id, title } = await seedStoryWithHistory();
  // The app's code is not served, so the app never starts (it would on its own 10 s after the load, however long the
  // screenshots take) and the page keeps its own rules until the test applies the full stylesheet.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/stories/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  // For each icon the page draws, a probe drawing it at 48 px (a whole number of pixels a unit, so both are drawn
  // on the same grid), and beside it the icon's cell of the same sheet cut out by an SVG view of its own: the
  // sheet's scale and the icon's place in the stylesheet must show that cell and nothing of its neighbours.
  const ids = await page.evaluate(() => {
    if (!document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.disabled) throw new Error('the full stylesheet applies already');
    const names = [...new Set([...document.querySelectorAll('#root [data-icon]')].map((element) => element.getAttribute('data-icon')!))];
    const box = document.createElement('div');
    box.style.cssText = 'position:fixed;inset:0 auto auto 0;z-index:99;background:#fff;color:#000;display:flex;flex-wrap:wrap;gap:4px;padding:4px';
    document.body.append(box);
    const empty = document.createElement('span');
    empty.dataset.testid = 'no-icon';
    empty.style.cssText = 'display:block;width:48px;height:48px';
    box.append(empty);
    return names.map((name) => {
      const probe = document.createElement('span');
      probe.dataset.icon = name;
      probe.dataset.testid = `drawn-${name}`;
      probe.style.cssText = 'display:flex;--icon-size:48px';
      box.append(probe);
      const drawn = getComputedStyle(probe);
      const sheet = decodeURIComponent(/^url\("data:image\/svg\+xml,(.*)"\)$/.exec(drawn.getPropertyValue('--drawn-icons').trim())![1]!);
      const at = Number(drawn.getPropertyValue('--drawn-icon-at'));
      const cell = sheet.replace(/^<svg ([^>]*?) width='\d+' height='24'/, `<svg $1 width='24' height='24' viewBox='${at * 24} 0 24 24'`);
      const reference = document.createElement('span');
      reference.dataset.testid = `cell-${name}`;
      reference.style.cssText = 'display:block;width:48px;height:48px;background:currentColor';
      reference.style.setProperty('mask', `url("data:image/svg+xml,${encodeURIComponent(cell)}") 0 0 / 48px 48px no-repeat`);
      box.append(reference);
      return name;
    });
  });
  expect(ids.length).toBeGreaterThan(5);
  const drawn = await probeShots(page, ids.map((name) => `drawn-${name}`));
  const cells = await probeShots(page, ids.map((name) => `cell-${name}`));
  const [empty] = await probeShots(page, ['no-icon']);
  for (const [index, name] of ids.entries()) {
    const fromCell = await pixelDifference(page, drawn[index]!, cells[index]!);
    expect(fromCell.far, `${name} drawn as its cell`).toBe(0);
    expect(fromCell.largest, `${name} drawn as its cell`).toBeLessThanOrEqual(64);
    expect((await pixelDifference(page, drawn[index]!, empty!)).far, `${name} draws something`).toBeGreaterThan(100);
  }
  // The full stylesheet's sheet holds every icon: the same pixels for each.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const stylesheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
        stylesheet.addEventListener('load', () => resolve(), { once: true });
        stylesheet.addEventListener('error', () => reject(new Error('the full stylesheet did not load')), { once: true });
        stylesheet.disabled = false;
      }),
  );
  const fromWholeSheet = await probeShots(page, ids.map((name) => `drawn-${name}`));
  for (const [index, name] of ids.entries()) expect((await pixelDifference(page, fromWholeSheet[index]!, drawn[index]!)).far, `${name} from the whole sheet`).toBe(0);
});
