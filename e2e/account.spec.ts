import { STORY_SORT_LABELS, STORY_SORTS, sortEndpoint } from '#common/rules/sorts.ts';
import { TIME_FILTERS } from '#common/rules/time-windows.ts';
import { checkPage, choose, completeOnboarding, expect, signUp, test, waitForStories } from './support.ts';

test.describe('signed in', () => {
  test('sign up, onboarding, browse, preferences, profile, sign out', async ({ page }) => {
    // The longest journey of the suite (every sort and window, preferences, profile), and the first to meet a cold server.
    test.setTimeout(240_000);
    const { email } = await signUp(page, 'Grace Hopper');

    // Onboarding: three steps, only closable by finishing or skipping on step 1.
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Skip Setup' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await checkPage(page, 'onboarding', async (p) => {
      await expect(p.getByRole('dialog').getByText('Step 1 of 3')).toBeVisible();
    });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('button', { name: 'Skip Setup' })).toBeHidden();
    await expect(dialog.getByRole('combobox', { name: 'Email frequency' })).toBeVisible();
    await dialog.getByRole('switch', { name: 'Keyword alert emails' }).click();
    await dialog.getByRole('switch', { name: 'Weekly digest' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Email frequency' })).toBeHidden();
    await dialog.getByRole('switch', { name: 'Weekly digest' }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(page.getByText('Welcome to HN Trends!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Browse: every sort calls its endpoint; the trending caption names the window and the real total.
    await waitForStories(page);
    await expect(page.getByTestId('count-caption')).toHaveText(/^[\d,]+ stories \(last 3 days\)$/);
    // Trending is the default and already loaded; each other sort makes its own call.
    for (const sort of STORY_SORTS.filter((entry) => entry !== 'trending')) {
      const request = page.waitForRequest((r) => r.url().includes(`/api/stories/${sortEndpoint(sort)}?`));
      await page.getByLabel('Sort by').selectOption({ label: STORY_SORT_LABELS[sort] });
      const url = new URL((await request).url());
      expect(url.searchParams.get('page')).toBe('1');
      // The defaults of someone who has chosen nothing: 50 a page, min score 10.
      expect(url.searchParams.get('limit')).toBe('50');
      expect(url.searchParams.get('minScore')).toBe('10');
      if (sort === 'fast-risers') expect(url.searchParams.get('minVelocity')).toBe('5');
      // Every sort but trending (which names it) gets the window as hours: Recent's 3 days too, not a year.
      expect(url.searchParams.get('hours')).toBe('72');
      await expect(page.getByTestId('count-caption')).not.toBeEmpty();
    }
    await page.getByLabel('Sort by').selectOption({ label: 'Trending' });
    for (const window of TIME_FILTERS) {
      if (window === '3d') continue;
      const request = page.waitForRequest((r) => r.url().includes(`timeFilter=${window}`));
      await page.getByLabel('Time window').selectOption(window);
      await request;
    }
    await page.getByLabel('Time window').selectOption('week');
    await expect(page.getByTestId('count-caption')).toHaveText(/stories \(last week\)$/);
    const minScore = page.getByLabel('Min score');
    const minScoreRequest = page.waitForRequest((r) => r.url().includes('minScore=12&'));
    await minScore.fill('12.7');
    await minScore.press('Enter');
    await minScoreRequest;
    await expect(minScore).toHaveValue('12');
    await minScore.fill('-5');
    await minScore.press('Enter');
    await expect(minScore).toHaveValue('0');
    await checkPage(page, 'home', waitForStories);

    // Preferences: local edits, save, reload, reset.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
    await expect(page).toHaveTitle(/^Preferences \| /);
    // Nothing chosen yet but the onboarding answers: the list's defaults are 50 a page and min score 10.
    await expect(page.getByRole('combobox', { name: 'Stories per page' })).toHaveText('50');
    await expect(page.getByLabel('Minimum story score')).toHaveValue('10');
    await choose(page, 'Stories per page', '10');
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await page.getByRole('switch', { name: 'Quiet hours' }).click();
    await expect(page.getByRole('combobox', { name: 'Quiet hours start' })).toBeHidden();
    // Outside 1-50 is invalid and becomes 10 (part 2 §5).
    await page.getByLabel('Max emails per day').fill('80');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Preferences Saved')).toBeVisible();
    await expect(page.getByLabel('Max emails per day')).toHaveValue('10');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Stories per page' })).toHaveText('10');
    await expect(page.getByRole('switch', { name: 'Quiet hours' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByLabel('Max emails per day')).toHaveValue('10');
    await page.getByRole('switch', { name: 'Quiet hours' }).click();
    await expect(page.getByRole('combobox', { name: 'Quiet hours start' })).toHaveText('22:00');
    await expect(page.getByRole('combobox', { name: 'Quiet hours end' })).toHaveText('08:00');
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expect(page.getByRole('combobox', { name: 'Stories per page' })).toHaveText('50');
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Preferences Saved')).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await checkPage(page, 'preferences', async (p) => {
      await expect(p.getByRole('button', { name: 'Save Preferences' })).toBeVisible();
    });

    // Profile: own email, edit and save.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Privacy' })).toContainText('Public profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Bio').fill('Wrote the first compiler.');
    await page.getByLabel('Location').fill('Arlington, VA');
    // A refused field shows the server's reason beside it; a website without a scheme is an https:// one.
    await page.getByLabel('Website').fill('ftp://grace.example');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Website')).toHaveAccessibleDescription('Must be an http:// or https:// address');
    await expect(page.getByLabel('Website')).toBeFocused();
    await page.getByLabel('Website').fill('grace.example');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Wrote the first compiler.')).toBeVisible();
    await expect(page.getByText('Arlington, VA')).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://grace.example' })).toHaveAttribute('href', 'https://grace.example/');
    await expect(page.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/user/export');
    await checkPage(page, 'profile', async (p) => {
      await expect(p.getByText('Wrote the first compiler.')).toBeVisible();
    });

    // Sign out: back to the landing page.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('change the password, sign out everywhere, delete the account with the password', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await page.goto('/signin');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByText('At least 10 characters')).toBeVisible();
    const { email, password } = await signUp(page);
    await completeOnboarding(page);
    // Another device signed in to the same account.
    const laptop = await browser.newContext({ baseURL });
    expect((await laptop.request.post('/api/auth/sign-in/email', { data: { email, password } })).status()).toBe(200);

    // Changing the password signs the other device out; this one stays signed in.
    await page.goto('/preferences');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not the password');
    await form.getByLabel('New password').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toHaveText(/password/i);
    await form.getByLabel('Current password').fill(password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    expect((await laptop.request.get('/api/auth/user')).status()).toBe(401);
    await laptop.close();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeVisible();

    // Sign out everywhere ends this session too.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();

    // Deleting the account asks for the password again.
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The home arrives rendered by the server: its menu opens once the app has adopted it.
    await waitForStories(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Your password').fill(password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('That password is not correct.');
    await dialog.getByLabel('Your password').fill('a brand new passphrase');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'a brand new passphrase' } })).status()).toBe(401);
  });

  test('preferences with unsaved changes: a sticky Save bar, and a warning before leaving', async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page);
    await completeOnboarding(page);
    await page.goto('/preferences');
    const unsaved = page.getByRole('status').filter({ hasText: 'You have unsaved changes.' });
    await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeVisible();
    await expect(unsaved).toHaveCount(0);

    // A change shows the bar, and it stays on screen with the top of the form in view.
    await page.getByRole('switch', { name: 'Compact view' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(unsaved).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeInViewport();

    // Leaving by a link asks first; refusing stays with the changes.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('You have unsaved changes. Leave this page and lose them?');
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Stories', exact: true }).first().click();
    await expect(page).toHaveURL(/\/preferences$/);
    await expect(page.getByRole('switch', { name: 'Compact view' })).toHaveAttribute('aria-checked', 'true');

    // Discard returns to what is saved; Save clears the bar, and leaving no longer asks.
    await page.getByRole('button', { name: 'Discard Changes' }).click();
    await expect(page.getByRole('switch', { name: 'Compact view' })).toHaveAttribute('aria-checked', 'false');
    await expect(unsaved).toHaveCount(0);
    await page.getByLabel('Minimum story score').fill('12');
    await expect(unsaved).toBeVisible();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Preferences Saved')).toBeVisible();
    await expect(unsaved).toHaveCount(0);
    page.once('dialog', () => {
      throw new Error('no warning expected once everything is saved');
    });
    await page.getByRole('link', { name: 'Stories', exact: true }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('each kind of email can have its own frequency and daily cap, and watched-story emails turn back on', async ({ page }) => {
    // Sign-up, onboarding and two saves: past the default minute on a loaded machine, as its neighbours.
    test.setTimeout(120_000);
    await signUp(page);
    await completeOnboarding(page);
    await page.goto('/preferences');
    await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeVisible();
    const perKind = page.locator('details').filter({ hasText: 'Settings for each email type' });
    await perKind.locator('summary').click();
    await choose(page, 'Keyword digest frequency', 'Daily');
    await choose(page, 'Keyword digest emails a day', '3');
    await choose(page, 'Weekly newsletter frequency', 'Monthly');
    await page.getByRole('switch', { name: 'Watched Stories' }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Preferences Saved')).toBeVisible();

    const stored = await (await page.request.get('/api/email/frequency-controls')).json();
    const control = (type: string) => stored.controls.find((entry: { emailType: string }) => entry.emailType === type);
    expect(control('keyword_digest')).toMatchObject({ frequency: 'daily', maxEmailsPerDay: 3 });
    expect(control('keyword_alert')).toMatchObject({ frequency: 'immediate', maxEmailsPerDay: 10 });
    expect(control('weekly_digest')).toMatchObject({ frequency: 'monthly' });
    expect(control('watch_notification')).toMatchObject({ isActive: false });

    // After a reload the list opens by itself, as something in it differs.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Keyword digest frequency' })).toHaveText('Daily');
    await expect(page.getByRole('combobox', { name: 'Keyword digest emails a day' })).toHaveText('3');
    await expect(page.getByRole('combobox', { name: 'Keyword alerts frequency' })).toHaveText('Same as above (Immediate)');
    await expect(page.getByRole('switch', { name: 'Watched Stories' })).toHaveAttribute('aria-checked', 'false');
    await checkPage(page, 'preferences-email-kinds', async (p) => {
      await expect(p.getByRole('combobox', { name: 'Keyword digest frequency' })).toBeVisible();
    });
    await page.getByRole('switch', { name: 'Watched Stories' }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Preferences Saved')).toBeVisible();
    const again = await (await page.request.get('/api/email/frequency-controls')).json();
    expect(again.controls.find((entry: { emailType: string }) => entry.emailType === 'watch_notification')).toMatchObject({ isActive: true });
  });

  test('skip setup saves every email and consent option off', async ({ page }) => {
    await signUp(page);
    // The dialog traps focus: tabbing around never leaves it.
    const dialog = page.getByRole('dialog');
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    const request = page.waitForRequest('**/api/user/onboarding/complete');
    await page.getByRole('dialog').getByRole('button', { name: 'Skip Setup' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      emailNotifications: false,
      weeklyDigest: false,
      marketingConsent: false,
      analyticsConsent: false,
    });
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('an expired session shows the unauthorized toast and goes to sign in', async ({ page, context }) => {
    await signUp(page);
    await completeOnboarding(page);
    await page.goto('/preferences');
    await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeVisible();
    await context.clearCookies();
    // The toast is on screen for half a second before the browser leaves. A loaded machine can let that half second
    // pass between two of an assertion's polls (a trace showed the toast's request, and the redirect 0.6 s later, with
    // no poll seeing it), so the page reports each toast the moment it is added.
    const toasts: string[] = [];
    await page.exposeFunction('reportToast', (text: string) => toasts.push(text));
    await page.evaluate(() => {
      const report = (window as unknown as { reportToast: (text: string) => void }).reportToast;
      new MutationObserver(() => document.querySelectorAll('[data-sonner-toast]').forEach((toast) => report(toast.textContent ?? ''))).observe(
        document.body,
        { childList: true, subtree: true },
      );
    });
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.waitForURL(/\/signin\?returnTo=%2Fpreferences/);
    expect(toasts.some((text) => text.includes('You are logged out. Logging in again...'))).toBe(true);
  });

  test('pages for signed-in people send visitors to sign in', async ({ page }) => {
    await page.goto('/preferences');
    await page.waitForURL(/\/signin\?returnTo=%2Fpreferences/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await checkPage(page, 'signin', async (p) => {
      await expect(p.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
    });
  });

  test('a profile that does not exist', async ({ page }) => {
    await page.goto('/profile/no-such-person');
    await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
  });
});
