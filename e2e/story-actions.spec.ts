import type { Frame, Locator, Page, Request } from '@playwright/test';
import { STORY_LIST_SORTS } from '#common/contracts/stories.ts';
import { checkPage, expect, expectToastClearOf, signUpThroughApi, test, toast, waitForStories } from './support.ts';

const BATCH_PATHS = ['/api/bookmarks/check-batch', '/api/content-flags/check-batch', '/api/story-watches/check-batch', '/api/story-notes/check-batch'];
/** The story lists' answers: /api/stories/<sort>. */
const LIST_PATHS: readonly string[] = STORY_LIST_SORTS.map((sort) => `/api/stories/${sort}`);

/** The first story card's title, and a locator for that card found by its title (the list order may change). */
async function firstStory(page: Page): Promise<{ title: string; card: Locator }> {
  const list = page.getByRole('list', { name: 'Stories' });
  const title = (await list.getByRole('article').first().getByRole('heading').innerText()).trim();
  return { title, card: list.getByRole('article', { name: title, exact: true }) };
}

const button = (card: Locator, name: string) => card.getByRole('button', { name, exact: true });

function postBody(request: Request): unknown {
  return JSON.parse(request.postData() ?? 'null');
}

test.describe('per-story actions', () => {
  test('bookmark, note, flag, watch and share a story; the pages that list them', async ({ page, browser, request, baseURL }) => {
    // Five actions, four pages and six full-page checks (axe in both themes, a screenshot each): under a loaded CI
    // machine a check alone takes 10-20 s, and the whole walk reached 4 minutes in a rehearsal.
    test.setTimeout(420_000);
    await signUpThroughApi(page);
    await waitForStories(page);

    const batchCalls: string[] = [];
    let listCalls = 0;
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (BATCH_PATHS.includes(path)) batchCalls.push(path);
      if (LIST_PATHS.includes(path)) listCalls += 1;
    });
    // Only the reloaded page's calls count: until the new page commits, the one before it may still be asking for
    // its own (its list answered just before the reload, its batch calls follow).
    const countFromThisPage = (frame: Frame) => {
      if (frame !== page.mainFrame()) return;
      batchCalls.length = 0;
      listCalls = 0;
    };
    const expectBatchCallsPerList = async () => {
      await expect.poll(() => [...new Set(batchCalls)].sort()).toEqual([...BATCH_PATHS].sort());
      for (const path of BATCH_PATHS) expect(batchCalls.filter((call) => call === path).length).toBeLessThanOrEqual(Math.max(1, listCalls));
    };
    // The first screen of the page arrives rendered by the server with its batch answers in it; the rest of the
    // page comes when the app starts, with one batch call of each kind for the whole page (and one more for each
    // later answer of the list, as the demo's data moves on a loaded machine), never one a card.
    page.on('framenavigated', countFromThisPage);
    await page.reload();
    page.off('framenavigated', countFromThisPage);
    await waitForStories(page);
    await expect(page.getByText(/^Loading the other/)).toHaveCount(0);
    let { title, card } = await firstStory(page);
    await expect(button(card, 'Bookmark')).toHaveAttribute('aria-pressed', 'false');
    await expect(button(card, 'Watch story')).toHaveAttribute('aria-pressed', 'false');
    await expect(button(card, 'Add note')).toBeVisible();
    await expect(button(card, 'Flag story')).toBeEnabled();
    await expect(button(card, 'Share')).toBeVisible();
    await expectBatchCallsPerList();
    // Each button's tooltip says its name: shown on hover and keyboard focus, hidden by Escape.
    const tooltip = (name: string) =>
      button(card, name).evaluate((element) => {
        const after = getComputedStyle(element, '::after');
        return after.display === 'none' ? null : after.content;
      });
    await button(card, 'Watch story').hover();
    expect(await tooltip('Watch story')).toBe('"Watch story"');
    await page.mouse.move(0, 0);
    expect(await tooltip('Watch story')).toBeNull();
    await button(card, 'Share').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await tooltip('Share')).toBe('"Share"');
    await page.keyboard.press('Escape');
    expect(await tooltip('Share')).toBeNull();
    // Another page asks once per kind for all of its stories, never once per card.
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    batchCalls.length = 0;
    listCalls = 0;
    await pagination.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expectBatchCallsPerList();
    await pagination.getByRole('button', { name: 'Page 1', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Stories' }).getByRole('article').first().getByRole('heading')).toHaveText(title);

    // Bookmark: toast, pressed state, the analytics event.
    const analytics = page.waitForRequest((r) => r.url().endsWith('/api/analytics/track') && (postBody(r) as { eventType: string }).eventType === 'story_bookmark');
    await button(card, 'Bookmark').click();
    await expect(toast(page, 'Bookmarked!')).toBeVisible();
    await expect(button(card, 'Remove bookmark')).toHaveAttribute('aria-pressed', 'true');
    // The toast leaves the card's action buttons uncovered.
    await expectToastClearOf(toast(page, 'Bookmarked!'), card.getByRole('button'));
    expect(postBody(await analytics)).toMatchObject({ eventType: 'story_bookmark', properties: { title, action: 'add' } });

    // /bookmarks: a failed load shows the error state; Try Again loads the list.
    await page.route('**/api/bookmarks?*', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }));
    await page.goto('/bookmarks');
    await expect(page.getByRole('heading', { name: 'Error Loading Bookmarks' })).toBeVisible();
    await expect(page.getByText('Failed to load your bookmarks. Please try again later.')).toBeVisible();
    await page.unroute('**/api/bookmarks?*');
    await page.getByRole('button', { name: 'Try Again' }).click();

    // It lists the bookmark; removing it there empties the page.
    await expect(page.getByRole('heading', { level: 1, name: 'Your Bookmarks' })).toBeVisible();
    await expect(page).toHaveTitle(/^Your Bookmarks \| /);
    await expect(page.getByTestId('bookmarks-count')).toHaveText('1 bookmarked story');
    const bookmarked = page.getByRole('list', { name: 'Bookmarked stories' }).getByRole('article', { name: title, exact: true });
    await expect(bookmarked).toBeVisible();
    await checkPage(page, 'bookmarks', async (p) => {
      await expect(p.getByRole('list', { name: 'Bookmarked stories' }).getByRole('article')).toHaveCount(1);
    });
    await button(bookmarked, 'Remove bookmark').click();
    await expect(toast(page, 'Removed from bookmarks')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No bookmarks yet' })).toBeVisible();
    await expect(page.getByTestId('bookmarks-count')).toHaveText('0 bookmarked stories');

    await page.goto('/');
    await waitForStories(page);
    ({ title, card } = await firstStory(page));
    await expect(button(card, 'Bookmark')).toHaveAttribute('aria-pressed', 'false');

    // A title or comments click is counted once (story_view); the link itself opens in a new tab.
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, body: '' }));
    const view = page.waitForRequest((r) => r.url().endsWith('/api/analytics/track') && (postBody(r) as { eventType: string }).eventType === 'story_view');
    const commentsTab = page.waitForEvent('popup');
    await card.getByRole('link', { name: /comments$/ }).click();
    expect(postBody(await view)).toMatchObject({ eventType: 'story_view', properties: { viewType: 'comments_click', title } });
    await (await commentsTab).close();

    // Note: opened from the keyboard; Escape closes it and focus returns to the button.
    await button(card, 'Add note').focus();
    await page.keyboard.press('Enter');
    let dialog = page.getByRole('dialog', { name: 'Add Note' });
    await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button(card, 'Add note')).toBeFocused();

    // Create (with the counter's hints), update, then delete after a reload (the note is fetched).
    await button(card, 'Add note').click();
    await expect(dialog).toBeVisible();
    const noteBox = dialog.getByRole('textbox', { name: 'Note' });
    await noteBox.fill('x'.repeat(801));
    await expect(page.getByTestId('note-counter')).toHaveAttribute('data-tone', 'warn');
    await expect(page.getByTestId('note-counter')).toContainText('199 characters remaining');
    await noteBox.fill('y'.repeat(951));
    await expect(page.getByTestId('note-counter')).toHaveAttribute('data-tone', 'danger');
    await expect(page.getByTestId('note-counter')).toContainText('951/1000');
    await noteBox.fill('First thought');
    await expect(page.getByTestId('note-counter')).toHaveAttribute('data-tone', 'normal');
    await checkPage(page, 'note-dialog', async (p) => {
      await expect(p.getByRole('dialog', { name: 'Add Note' })).toBeVisible();
    });
    await dialog.getByRole('button', { name: 'Save Note' }).click();
    await expect(toast(page, 'Note saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(button(card, 'Edit note')).toBeVisible();

    await button(card, 'Edit note').click();
    dialog = page.getByRole('dialog', { name: 'Edit Note' });
    await expect(dialog.getByRole('textbox', { name: 'Note' })).toHaveValue('First thought');
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Second thought');
    await dialog.getByRole('button', { name: 'Update Note' }).click();
    await expect(toast(page, 'Note updated')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    await waitForStories(page);
    await button(card, 'Edit note').click();
    dialog = page.getByRole('dialog', { name: 'Edit Note' });
    await expect(dialog.getByRole('textbox', { name: 'Note' })).toHaveValue('Second thought');
    await dialog.getByRole('button', { name: 'Delete Note' }).click();
    await expect(toast(page, 'Note deleted')).toBeVisible();
    await expect(button(card, 'Add note')).toBeVisible();

    // Flag: a type is required; afterwards the button is disabled.
    await button(card, 'Flag story').click();
    dialog = page.getByRole('dialog', { name: 'Flag Content' });
    await expect(dialog.getByText('Moderators review every flag. False flags may lead to restrictions on your account.')).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(6);
    await dialog.getByRole('button', { name: 'Submit Flag' }).click();
    await expect(toast(page, 'Flag Type Required')).toContainText('Please select a reason for flagging this content.');
    await dialog.getByRole('radio', { name: 'Spam', exact: true }).check();
    await dialog.getByRole('textbox', { name: 'Additional details (optional)' }).fill('Looks like an advert');
    await expect(page.getByTestId('flag-counter')).toHaveText('20/500');
    // The toast fades out on its own 5-second timer: checked mid-fade, its text would read as low contrast.
    await expect(toast(page, 'Flag Type Required')).toBeHidden({ timeout: 10_000 });
    await checkPage(page, 'flag-dialog', async (p) => {
      await expect(p.getByRole('dialog', { name: 'Flag Content' })).toBeVisible();
    });
    const flagRequest = page.waitForRequest((r) => r.url().endsWith('/api/content-flags') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Submit Flag' }).click();
    expect(postBody(await flagRequest)).toMatchObject({ flagType: 'spam', reason: 'Looks like an advert' });
    await expect(toast(page, 'Content Flagged')).toContainText('The content has been flagged for review.');
    await expect(button(card, 'Flagged for review')).toBeDisabled();
    // It stays focusable (aria-disabled), so focus comes back to it from the dialog.
    await expect(button(card, 'Flagged for review')).toBeFocused();

    // Watch: /watched-stories lists it; unwatch there.
    await button(card, 'Watch story').click();
    // The test server has no SMTP: the toast says no email will come rather than promising one.
    await expect(toast(page, 'Story Watch Added')).toContainText('This server does not send email yet.');
    await expect(toast(page, 'Story Watch Added')).not.toContainText("You'll be notified");
    await expect(button(card, 'Stop watching')).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/watched-stories');
    await expect(page.getByRole('heading', { level: 1, name: 'Watched Stories' })).toBeVisible();
    await expect(page.getByTestId('watches-count')).toHaveText('1 watched story');
    const watched = page.getByRole('article', { name: title, exact: true });
    await expect(watched.getByTestId('score-growth')).toHaveText(/\([+-]?\d+ since watched\)/);
    await expect(watched.getByRole('link', { name: /^Read/ })).toBeVisible();
    await checkPage(page, 'watched-stories', async (p) => {
      await expect(p.getByRole('list', { name: 'Watched stories' }).getByRole('article')).toHaveCount(1);
    });
    await watched.getByRole('button', { name: /^Unwatch/ }).click();
    await expect(toast(page, 'Story unwatched')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Stories' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse Stories' }).click();
    await waitForStories(page);

    // Share: form, then the link; copy it.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await button(card, 'Share').click();
    dialog = page.getByRole('dialog', { name: 'Share Story' });
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await checkPage(page, 'share-dialog-form', async (p) => {
      await expect(p.getByRole('dialog', { name: 'Share Story' })).toBeVisible();
    });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('A custom title for friends');
    await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('  Worth a read.  ');
    const shareRequest = page.waitForRequest((r) => r.url().endsWith('/api/shared-links') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Create Share Link' }).click();
    expect(postBody(await shareRequest)).toEqual({ storyId: expect.any(Number), customTitle: 'A custom title for friends', customDescription: 'Worth a read.' });
    await expect(toast(page, 'Share link created')).toBeVisible();
    const linkBox = dialog.getByRole('textbox', { name: 'Share link' });
    await expect(linkBox).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}\/[a-z0-9-]+$/);
    const shareUrl = await linkBox.inputValue();
    await checkPage(page, 'share-dialog-result', async (p) => {
      await expect(p.getByRole('textbox', { name: 'Share link' })).toBeVisible();
    });
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(toast(page, 'Copied!')).toContainText('Share URL copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    // Closing resets the form.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await button(card, 'Share').click();
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await page.keyboard.press('Escape');

    // The share link, opened by a visitor: the page, its preview tags in the raw HTML, the click count.
    const sharePath = new URL(shareUrl).pathname;
    const html = await (await request.get(sharePath)).text();
    expect(html).toContain('<meta property="og:title" content="A custom title for friends"');
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toMatch(/property="og:image" content="[^"]*\/api\/og-image\/[A-Za-z0-9_-]{43}"/);

    const visitorContext = await browser.newContext({ baseURL });
    // Nothing leaves the machine: the story's own site answers empty.
    await visitorContext.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, body: '' }));
    const visitor = await visitorContext.newPage();
    await visitor.goto(sharePath);
    await expect(visitor.getByRole('heading', { level: 1, name: 'A custom title for friends' })).toBeVisible();
    await expect(visitor).toHaveTitle(/^A custom title for friends \| /);
    await expect(visitor.getByText('Worth a read.')).toBeVisible();
    await expect(visitor.getByText('Shared by Ada Lovelace')).toBeVisible();
    await expect(visitor.getByRole('img', { name: 'Preview card: A custom title for friends' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: /^Visit / })).toHaveAttribute('href', '/');
    await checkPage(visitor, 'shared-story', async (p) => {
      await expect(p.getByRole('link', { name: 'Read Article' })).toBeVisible();
      await expect.poll(() => p.getByRole('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    });
    const click = visitor.waitForRequest((r) => r.url().endsWith('/click') && r.method() === 'POST');
    const popup = visitor.waitForEvent('popup');
    await visitor.getByRole('link', { name: 'Read Article' }).click();
    expect(postBody(await click)).toEqual({ clickType: 'article' });
    await (await popup).close();
    await visitorContext.close();
  });

  test('visitors: a bad share link, and the sign-in pages', async ({ page, request }) => {
    // An unknown (or malformed) token: Story Not Found; no token at all: Invalid Share Link.
    await page.goto('/share/this-token-does-not-exist/some-slug');
    await expect(page.getByRole('heading', { level: 1, name: 'Story Not Found' })).toBeVisible();
    await expect(page.getByText(/^Share link not found\./)).toBeVisible();
    expect((await request.get('/share/this-token-does-not-exist')).status()).toBe(404);
    await checkPage(page, 'shared-story-unknown', async (p) => {
      await expect(p.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
    });
    await page.goto('/shared-story/not%20a%20token');
    await expect(page.getByRole('heading', { level: 1, name: 'Story Not Found' })).toBeVisible();
    await page.goto('/share');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Share Link' })).toBeVisible();

    // Any other failure to load the link: Story Not Found, try again later.
    await page.route('**/api/shared-links/*', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }));
    await page.goto('/shared-story/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByRole('heading', { level: 1, name: 'Story Not Found' })).toBeVisible();
    await expect(page.getByText(/try again later/)).toBeVisible();

    // Bookmarks and watched stories are for signed-in people: visitors go to sign in.
    await page.goto('/bookmarks');
    await expect(page).toHaveURL(/\/signin|\/api\/login/);
  });
});
