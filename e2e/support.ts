import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { ledgerConfidence, TREND_CALL_THRESHOLD } from '#common/rules/predictions.ts';
import { APP_READY_ATTRIBUTE } from '../web/src/prerendered.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every browser test; skipped on a machine without chromium (the config fails instead in CI). */
export const test = base.extend<object>({});
test.beforeEach(() => {
  test.skip(!existsSync(chromiumPath), `no chromium at ${chromiumPath}`);
});
export { expect };

/** The WCAG 2.1 A and AA rules. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../test-results/screenshots');
/**
 * Screenshots are for people reviewing a screen, so CI, where no one looks at them, skips them: a full-page capture
 * is about a tenth of a page check's time there. E2E_SCREENSHOTS=1 takes them in CI too.
 */
const TAKE_SCREENSHOTS = !process.env.CI || Boolean(process.env.E2E_SCREENSHOTS);

/** A full-page screenshot of the page as it is now, kept as test-results/screenshots/{name}.png. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Checks the page open now in the light and the dark theme: no serious or critical axe violations, and a
 * full-page screenshot of each kept in test-results/screenshots. `ready` waits for the page's content.
 * The theme class is set directly: signed-in pages follow the darkMode preference, not the stored theme.
 * `exclude` names elements axe leaves out: a frame sandboxed without scripts (the email preview) cannot take
 * axe's script, and waiting for it would hang the check. A toast is checked in the page's own theme only.
 */
export async function checkPage(
  page: Page,
  name: string,
  ready: (page: Page) => Promise<void>,
  exclude: string[] = [],
): Promise<void> {
  await ready(page);
  const heldToasts = await holdToasts(page);
  const original = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await colourTransitionsDone(page);
    const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS);
    for (const selector of exclude) axe.exclude(selector);
    // The toaster follows the app's theme setting, not the class switched here: in the other theme's pass a toast
    // still on screen shows colours no one sees together, so it is checked in the page's own theme only.
    if ((theme === 'dark') !== original) axe.exclude('[data-sonner-toaster]');
    const results = await axe.analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
      `axe violations on ${name} (${theme})`,
    ).toEqual([]);
    // A full-page capture of a scrolled page would draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `${name}-${theme}`);
  }
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), original);
  // Off the toasts again: their timers run on, as the test after the check may wait for one to go.
  if (heldToasts) await page.mouse.move(0, 0);
}

/**
 * Keeps the toasts on screen still while a page is checked: a toast that times out fades while axe measures its
 * contrast, which then reads colours half-way. Sonner pauses its toasts' timers while the pointer is over them, so
 * the pointer rests on one; a toast already leaving is waited out. Whether any toast was there to hold.
 */
async function holdToasts(page: Page): Promise<boolean> {
  const toasts = page.locator('[data-sonner-toast]');
  if ((await toasts.count()) === 0) return false;
  const held = await toasts
    .first()
    .hover({ timeout: 2000 })
    .then(() => true)
    .catch(() => false);
  await expect(page.locator('[data-sonner-toast][data-removed="true"]')).toHaveCount(0);
  return held;
}

/**
 * Waits until the colour transitions a theme switch starts have ended: axe would otherwise measure contrast
 * between colours caught half-way (endless animations, such as the skeletons' pulse, are not waited for).
 */
async function colourTransitionsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Reading a style makes the browser apply the new class now, which starts the transitions.
    void getComputedStyle(document.body).color;
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    const ended = Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
    // The app's transitions last 150-300 ms; those of elements the browser skips rendering (cards far below the
    // screen) do not advance, so the wait is bounded.
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
  });
}

/** The product's embedded database, reached on its unix socket, for switching site settings. */
export async function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const client = new pg.Client({ host: path.join(dataDir, 'run'), user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts the app on a page the server sent rendered, as a person's first key press does (the app starts on first use
 * of the page: web/src/main.tsx), and waits until it runs. Shift alone does nothing else.
 */
export async function startApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator(`#root[${APP_READY_ATTRIBUTE}]`)).toBeAttached();
}

/**
 * Waits until the story list shows stories (the first ingestion cycle may still be running) and the app runs on
 * the page: the server sends the list rendered, and its buttons work once the app has hydrated it.
 */
export async function waitForStories(page: Page): Promise<void> {
  await expect(page.getByRole('list', { name: 'Stories' }).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  await startApp(page);
}

let accounts = 0;

/** An email address no other test of the run uses, and a password the sign-up form accepts. */
function newCredentials(): { email: string; password: string } {
  return { email: `e2e-${Date.now()}-${process.pid}-${accounts++}@example.com`, password: 'correct horse battery' };
}

/** Creates a fresh local account through the /signin form and waits for the home page's onboarding dialog. */
export async function signUp(page: Page, name = 'Ada Lovelace'): Promise<{ email: string; password: string }> {
  const { email, password } = newCredentials();
  await page.goto('/signin');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('dialog').getByText('Step 1 of 3')).toBeVisible();
  return { email, password };
}

/**
 * A fresh account, onboarded with the dialog's defaults, made through the API in this page's browser (its cookie
 * lands in the page's context), then the home opened: for tests whose subject is not signing up, which the
 * form takes seconds to do. `signUp` and `completeOnboarding` go through the forms.
 */
export async function signUpThroughApi(page: Page, name = 'Ada Lovelace'): Promise<{ email: string; password: string }> {
  const { email, password } = newCredentials();
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const signedUp = await page.request.post('/api/auth/sign-up/email', { data: { email, name, password }, headers: { origin } });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  // The dialog's defaults, with the browser's own time zone as the dialog sends it.
  const timezone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const onboarded = await page.request.post('/api/user/onboarding/complete', {
    data: { emailNotifications: true, weeklyDigest: true, marketingConsent: false, analyticsConsent: false, emailFrequency: 'immediate', timezone },
    headers: { origin },
  });
  expect(onboarded.ok(), await onboarded.text()).toBe(true);
  await page.goto('/');
  await waitForStories(page);
  return { email, password };
}

/** Finishes onboarding with its defaults, so the dialog is out of the way. */
export async function completeOnboarding(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(dialog).toBeHidden();
}

/** Picks an option of a labelled Radix select. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The toast showing this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Fails when the toast covers any of these buttons (each named in the failure by its label). */
export async function expectToastClearOf(toastLocator: Locator, buttons: Locator): Promise<void> {
  const toastBox = (await toastLocator.boundingBox())!;
  for (const action of await buttons.all()) {
    const box = await action.boundingBox();
    if (!box) continue;
    const overlaps = box.x < toastBox.x + toastBox.width && toastBox.x < box.x + box.width && box.y < toastBox.y + toastBox.height && toastBox.y < box.y + box.height;
    expect(overlaps, `the toast covers ${(await action.getAttribute('aria-label')) ?? 'a button'}`).toBe(false);
  }
}

/**
 * How many stories of the list have their title fully visible on the first screen, from the rendered layout,
 * scrolled to the top: what a reader can read without scrolling.
 */
export async function storyTitlesOnFirstScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const titles = document.querySelectorAll('ol[aria-label="Stories"] > li h2');
    return [...titles].filter((title) => {
      const box = title.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }).length;
  });
}

/**
 * A card's action button. A phone shows one button, "Story actions", that opens the card's actions in a sheet:
 * it is pressed first when the action is not on the card itself.
 */
export async function cardAction(card: Locator, name: string): Promise<Locator> {
  const button = card.getByRole('button', { name, exact: true });
  const sheetButton = card.getByRole('button', { name: 'Story actions', exact: true });
  if (!(await button.isVisible()) && (await sheetButton.isVisible())) await sheetButton.click();
  await expect(button).toBeVisible();
  return button;
}

/** Sets the signed-in person's compact view preference and reloads the list with it. */
export async function setCompactView(page: Page, compactView: boolean): Promise<void> {
  const origin = new URL(page.url()).origin;
  expect((await page.request.patch('/api/user/preferences', { data: { compactView }, headers: { origin } })).ok()).toBe(true);
  await page.reload();
  await waitForStories(page);
}

/**
 * Opens /keywords once the first ingestion cycle has counted keywords: the page asks once (its data never goes
 * stale by itself), so a page opened before the cycle ends is reloaded until hot keywords show.
 */
export async function gotoKeywordsWithData(page: Page): Promise<void> {
  await page.goto('/keywords');
  const hot = page.getByRole('list', { name: 'Hot keywords' }).getByRole('listitem').first();
  await expect(async () => {
    if (!(await hot.isVisible())) await page.reload();
    await expect(hot).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
}

/**
 * Opens /predictions once the first ingestion cycle has scored the front page: the page asks once, so a page opened
 * before the cycle ends is reloaded until predicted stories show.
 */
export async function gotoPredictionsWithData(page: Page): Promise<void> {
  // The live model may call no story at this moment: a call of the test's own makes sure the list has one.
  await seedCalls();
  await page.goto('/predictions');
  const first = page.getByRole('list', { name: 'Predicted stories' }).getByRole('article').first();
  await expect(async () => {
    if (!(await first.isVisible())) await page.reload();
    await expect(first).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
}

/** Probabilities the product calls "will trend" and does not, whatever the cut's value. */
export const CALLED_PROBABILITY = Math.min(1, TREND_CALL_THRESHOLD + (1 - TREND_CALL_THRESHOLD) / 2);
export const NOT_CALLED_PROBABILITY = TREND_CALL_THRESHOLD / 2;
/** The lead of the settled call seedCalls records: 3 h 10 min. */
export const SEEDED_LEAD_MINUTES = 190;

/**
 * Calls of the test's own, recorded as the product records them, on stories off the front page (so no scoring run
 * predicts them again) that have no call yet: a current call, and two calls made seven hours ago and recorded
 * already verified, one that reached the target 3 h 10 min after the call, one that did not. Returns the titles.
 */
export async function seedCalls(): Promise<{ current: string; cameTrue: string; missed: string }> {
  return withDatabase(async (client) => {
    const stories = await client.query<{ id: number; title: string }>(
      `SELECT s.id, s.title FROM stories s
        WHERE (s.top_rank IS NULL OR s.top_rank > 30) AND NOT s.dead AND NOT s.deleted AND NOT s.hidden AND s.domain <> ''
          AND NOT EXISTS (SELECT 1 FROM prediction_calls c WHERE c.story_id = s.id)
        ORDER BY s.id DESC LIMIT 3`,
    );
    const [current, cameTrue, missed] = stories.rows;
    if (!current || !cameTrue || !missed) throw new Error('no stories left to call');
    const confidence = ledgerConfidence(CALLED_PROBABILITY);
    await client.query(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version)
       VALUES ($1, now(), $2, $3, 42, 3, 'e2e')`,
      [current.id, CALLED_PROBABILITY, confidence],
    );
    await client.query(`UPDATE stories SET prediction_probability = $2, prediction_confidence = $3, predicted_at = now() WHERE id = $1`, [
      current.id,
      CALLED_PROBABILITY,
      confidence,
    ]);
    await client.query(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version,
                                backfilled, verified_at, score_at_horizon, reached_target, accurate, reached_at)
       VALUES ($1, now() - interval '7 hours', $3, $4, 80, 10, 'e2e', true, now() - interval '1 hour', 320, true, true,
               now() - interval '7 hours' + make_interval(mins => $5)),
              ($2, now() - interval '7 hours', $3, $4, 60, 10, 'e2e', true, now() - interval '1 hour', 90, false, false, NULL)`,
      [cameTrue.id, missed.id, CALLED_PROBABILITY, confidence, SEEDED_LEAD_MINUTES],
    );
    return { current: current.title, cameTrue: cameTrue.title, missed: missed.title };
  });
}

/**
 * Adds two predictions made seven hours ago to the ledger (one "will trend", one "will not"), so the next scoring run
 * verifies them: the accuracy, trends and outcomes tabs then have verified figures. Returns their ids.
 */
export async function seedDuePredictions(): Promise<number[]> {
  return withDatabase(async (client) => {
    const result = await client.query<{ id: string }>(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version)
       SELECT id, now() - interval '7 hours', p.probability, p.confidence, 1, 0, 'e2e'
         FROM (SELECT id FROM stories WHERE domain <> '' ORDER BY id LIMIT 1) AS s,
              (VALUES ($1::float8, $2::text), ($3::float8, $4::text)) AS p(probability, confidence)
       RETURNING id`,
      [CALLED_PROBABILITY, ledgerConfidence(CALLED_PROBABILITY), NOT_CALLED_PROBABILITY, ledgerConfidence(NOT_CALLED_PROBABILITY)],
    );
    return result.rows.map((row) => Number(row.id));
  });
}

/** Whether these predictions are verified yet. */
export async function predictionsVerified(ids: number[]): Promise<boolean> {
  return withDatabase(async (client) => {
    const result = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM predictions WHERE id = ANY($1::bigint[]) AND verified_at IS NOT NULL`, [ids]);
    return result.rows[0]!.n === ids.length;
  });
}

/** Signs up and onboards through the API, then gives the account a role (the database is the only way). */
export async function signUpAs(page: Page, role: 'user' | 'moderator' | 'admin', name: string): Promise<{ email: string }> {
  const { email } = await signUpThroughApi(page, name);
  if (role !== 'user') await withDatabase((db) => db.query(`UPDATE users SET role = $1 WHERE email = $2`, [role, email]));
  return { email };
}

let seeded = 0;

/** A story of this test's own with a pending flag from `flaggerEmail`, for the moderation pages. Returns its title. */
export async function seedFlaggedStory(flaggerEmail: string, reason: string | null): Promise<string> {
  const hnId = 2_000_000_000 - process.pid * 100 - seeded++;
  const title = `Flagged e2e story ${hnId}`;
  await withDatabase(async (db) => {
    const story = await db.query<{ id: number }>(
      `INSERT INTO stories (hn_id, title, url, domain, by, time, score) VALUES ($1, $2, 'https://example.com/flagged', 'example.com', 'spammer', extract(epoch FROM now())::bigint - 600, 7) RETURNING id`,
      [hnId, title],
    );
    await db.query(`INSERT INTO content_flags (user_id, story_id, flag_type, reason) SELECT id, $2, 'spam', $3 FROM users WHERE email = $1`, [flaggerEmail, story.rows[0]!.id, reason]);
  });
  return title;
}

/**
 * A story of this test's own with known history, for the story page: posted five hours ago, first seen 10 minutes
 * later, on the front page from minute 60 (rank 25), at its peak (rank 3) at minute 120 and off it (rank 40) at
 * minute 180, not on the top list now; one verified and one pending prediction; one keyword. Returns its id and title.
 */
export async function seedStoryWithHistory(): Promise<{ id: number; title: string; keyword: string }> {
  const hnId = 1_900_000_000 - process.pid * 100 - seeded++;
  const title = `Story with a history ${hnId}`;
  const keyword = `Zebrafish${hnId}`;
  const id = await withDatabase(async (db) => {
    const story = await db.query<{ id: number }>(
      `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants)
       VALUES ($1, $2, 'https://example.com/history', 'example.com', 'historian', extract(epoch FROM now())::bigint - 5 * 3600, 100, 30) RETURNING id`,
      [hnId, title],
    );
    const storyId = story.rows[0]!.id;
    await db.query(
      `INSERT INTO story_snapshots (story_id, sampled_at, score, descendants, top_rank)
       SELECT $1, to_timestamp(s.time + v.m * 60), v.score, v.comments, v.rank
         FROM stories s, (VALUES (10, 2, 0, NULL::int), (60, 20, 4, 25), (120, 80, 20, 3), (180, 100, 30, 40)) AS v(m, score, comments, rank)
        WHERE s.id = $1`,
      [storyId],
    );
    await db.query(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version,
                                verified_at, score_at_horizon, reached_target, accurate)
       VALUES ($1, now() - interval '4 hours', 0.9, 'high', 20, 4, 'e2e', now(), 100, false, false),
              ($1, now() - interval '2 hours', 0.3, 'medium', 100, 30, 'e2e', NULL, NULL, NULL, NULL)`,
      [storyId],
    );
    const word = await db.query<{ id: number }>(`INSERT INTO keywords (key, display) VALUES (lower($1), $1) RETURNING id`, [keyword]);
    await db.query('INSERT INTO story_keywords (story_id, keyword_id) VALUES ($1, $2)', [storyId, word.rows[0]!.id]);
    return storyId;
  });
  return { id, title, keyword };
}
