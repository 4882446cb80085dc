import { checkPage, completeOnboarding, expect, signUp, test, waitForStories } from './support.ts';

test.describe('the reader on a phone', () => {
  test('heat explained within the screen, opened stories hidden by a tap, no keyboard button on touch', async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page);
    await completeOnboarding(page);
    await waitForStories(page);
    const stories = page.getByRole('list', { name: 'Stories' });

    // The explanation opens by a tap and stays inside the screen.
    const legend = page.getByRole('group', { name: 'Activity legend' });
    await legend.getByText('What the badges mean').tap();
    const panel = legend.getByRole('definition');
    await expect(panel).toHaveCount(4);
    const width = page.viewportSize()!.width;
    for (const definition of await panel.all()) {
      const box = (await definition.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await checkPage(page, 'phone-heat-legend', async (p) => {
      await expect(p.getByRole('group', { name: 'Activity legend' }).getByRole('definition')).toHaveCount(4);
    });
    await legend.getByText('What the badges mean').tap();
    await expect(panel.first()).toBeHidden();

    // Touch screens have no keyboard to use the shortcuts with.
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeHidden();

    // A story opened from the list is hidden once the switch is on.
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, body: 'elsewhere' }));
    const first = stories.getByRole('article').first();
    const title = (await first.getByRole('heading').innerText()).trim();
    const tab = page.waitForEvent('popup');
    await first.locator('[data-story-link="title"]').tap();
    await (await tab).close();
    await page.getByRole('switch', { name: 'Hide stories I opened' }).tap();
    await expect(stories.getByRole('article', { name: title, exact: true })).toHaveCount(0);
    await expect(page.getByTestId('hidden-caption')).toHaveText('1 opened story hidden');
    await checkPage(page, 'phone-home-hiding-opened', async (p) => {
      await expect(p.getByRole('list', { name: 'Stories' }).getByRole('article').first()).toBeVisible();
    });
  });
});
