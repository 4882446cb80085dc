import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordWatchStatusChanges } from '../server/hn/watch-status.ts';
import { indexStoryKeywords } from '../server/modules/keywords/ingest.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/**
 * A story hidden by moderation, on every surface that reads stories (server/modules/stories/visibility.ts): the
 * share page and its tags, the preview card, the share API, new share links, the person's own lists and actions,
 * the predictions' outcomes, the export, and every kind of email, including those whose event came before the
 * story was hidden. Beside each hidden story a shown one proves the surface works. The moderators' queue still
 * shows the hidden story, and deleting the flag brings it back everywhere.
 */
const clock = Date.parse('2026-11-18T12:00:00Z'); // a Wednesday, noon UTC: outside the default quiet hours
const REMOVED = 'This story was removed by moderators';
let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
const ids: Record<string, number> = {};
let hiddenToken = '';
let hiddenSharePath = '';
const flagIds: number[] = [];

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });
async function ok(options: InjectOptions, status = 200) {
  const response = await inject(options);
  expect(response.statusCode, `${options.method ?? 'GET'} ${options.url}: ${response.body}`).toBe(status);
  return response;
}

async function story(key: string, title: string, time: number, score: number, heat: string | null): Promise<void> {
  const hnId = 7_000_000 + Object.keys(ids).length;
  await seedStories(pool(), [{ hnId, title, time, score, trendingScore: score }]);
  ids[key] = (await pool().query<{ id: number }>('UPDATE stories SET heat_level = $2 WHERE hn_id = $1 RETURNING id', [hnId, heat])).rows[0]!.id;
}

async function outbox(user: TestUser): Promise<{ kind: string; subject: string; html: string }[]> {
  const result = await pool().query<{ kind: string; subject: string; html: string }>('SELECT kind, subject, html FROM email_outbox WHERE user_id = $1 ORDER BY id', [user.id]);
  return result.rows;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://trends.example' }, now: () => clock });
  admin = await signUp(t.app.server, { name: 'Ada Admin' }); // the first account is the admin
  alice = await signUp(t.app.server, { name: 'Alice Reader' });
  bob = await signUp(t.app.server, { name: 'Bob Flagger' });
  const recent = Math.floor(clock / 1000) - 600;
  const lastWeek = Date.parse('2026-11-12T10:00:00Z') / 1000; // in the week the newsletter of 15 November covers
  await story('hidden', 'Zorblax hidden scandal', recent, 500, 'rising');
  await story('shown', 'Zorblax shown news', recent, 400, 'rising');
  await story('hiddenOfWeek', 'Hidden best of the week', lastWeek, 990, null);
  await story('shownOfWeek', 'Shown best of the week', lastWeek, 980, null);

  await ok({ method: 'PATCH', url: '/api/user/preferences', headers: as(alice), payload: { trendingAlerts: true, predictionAlerts: true } });
  await ok({ method: 'POST', url: '/api/keyword-alerts', headers: as(alice), payload: { keyword: 'Zorblax', threshold: 2 } }, 201);
  for (const key of ['hidden', 'shown']) {
    await ok({ method: 'POST', url: '/api/bookmarks', headers: as(alice), payload: { storyId: ids[key] } }, 201);
    await ok({ method: 'POST', url: '/api/story-watches', headers: as(alice), payload: { storyId: ids[key] } }, 201);
    await ok({ method: 'POST', url: `/api/stories/${ids[key]}/notes`, headers: as(alice), payload: { note: `My note on ${key}` } }, 201);
    await pool().query(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version)
       VALUES ($1, $2, 0.9, 'high', 10, 1, 'test')`,
      [ids[key], new Date(clock - 3_600_000)],
    );
  }
  const link = (await ok({ method: 'POST', url: '/api/shared-links', headers: as(alice), payload: { storyId: ids.hidden } }, 201)).json().sharedLink;
  hiddenToken = link.shareToken;
  hiddenSharePath = new URL(link.shareUrl).pathname;
  await ok({ url: `/api/shared-links/${hiddenToken}` });

  // Events before the story is hidden: its watch status changes, it fires the keyword alert; then it goes viral
  // and the model calls it, and the mail run comes after the moderators' decision.
  await pool().query(`UPDATE stories SET heat_level = 'hot' WHERE id = ANY($1::int[])`, [[ids.hidden, ids.shown]]);
  await recordWatchStatusChanges(pool(), clock);
  await indexStoryKeywords(pool(), [ids.hidden!, ids.shown!], clock);
  await pool().query(
    `UPDATE stories SET heat_level = 'viral', prediction_probability = 0.93, prediction_confidence = 'high', predicted_at = $2 WHERE id = ANY($1::int[])`,
    [[ids.hidden, ids.shown], new Date(clock)],
  );

  for (const key of ['hidden', 'hiddenOfWeek']) {
    const flag = await ok({ method: 'POST', url: '/api/content-flags', headers: as(bob), payload: { storyId: ids[key], flagType: 'spam', reason: null } }, 201);
    flagIds.push(flag.json().flag.id);
    await ok({ method: 'PATCH', url: `/api/admin/content-flags/${flag.json().flag.id}/review`, headers: as(admin), payload: { action: 'approve' } });
  }
}, 180_000);
afterAll(async () => t?.close());

describe('a story hidden by moderation', () => {
  it('is gone from its share page, the page’s tags and the preview card, and the share API counts no view', async () => {
    const page = await inject({ url: hiddenSharePath });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Story Removed');
    expect(page.body).not.toContain('Zorblax');
    expect(page.body).not.toContain('og:image');
    expect((await inject({ url: `/shared-story/${hiddenToken}` })).statusCode).toBe(410);

    const card = await inject({ url: `/api/og-image/${hiddenToken}` });
    expect(card.statusCode).toBe(410);
    expect(card.json().message).toBe(REMOVED);

    const views = async () => (await pool().query<{ view_count: number }>('SELECT view_count FROM shared_links WHERE share_token = $1', [hiddenToken])).rows[0]!.view_count;
    const before = await views();
    const api = await inject({ url: `/api/shared-links/${hiddenToken}`, headers: as(bob) });
    expect(api.statusCode).toBe(410);
    expect(api.json()).toEqual({ message: REMOVED });
    expect(await views()).toBe(before);
  });

  it('gets no new share link, bookmark, watch, note or flag', async () => {
    const storyId = ids.hidden;
    for (const request of [
      { method: 'POST', url: '/api/shared-links', payload: { storyId } },
      { method: 'POST', url: '/api/bookmarks', payload: { storyId } },
      { method: 'POST', url: '/api/story-watches', payload: { storyId } },
      { method: 'POST', url: `/api/stories/${storyId}/notes`, payload: { note: 'again' } },
      { method: 'POST', url: '/api/content-flags', payload: { storyId, flagType: 'spam', reason: null } },
    ] as const) {
      const response = await inject({ ...request, headers: as(bob) });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(410);
      expect(response.json().message).toBe(REMOVED);
    }
    expect((await pool().query('SELECT 1 FROM shared_links WHERE user_id = $1', [bob.id])).rows).toEqual([]);
  });

  it('is left out of the person’s bookmarks, watches and share links, but stays theirs in the export without its title', async () => {
    const bookmarks = (await ok({ url: '/api/bookmarks', headers: as(alice) })).json();
    expect(bookmarks.bookmarks.map((b: { story: { id: number } }) => b.story.id)).toEqual([ids.shown]);
    expect(bookmarks.totalCount).toBe(1);
    const watches = (await ok({ url: '/api/story-watches', headers: as(alice) })).json();
    expect(watches.watches.map((w: { story: { id: number } }) => w.story.id)).toEqual([ids.shown]);
    const links = (await ok({ url: '/api/my-shared-links', headers: as(alice) })).json();
    expect(links.sharedLinks).toEqual([]);

    const exported = (await ok({ url: '/api/user/export', headers: as(alice) })).body;
    const data = JSON.parse(exported);
    expect(data.bookmarks).toEqual([
      expect.objectContaining({ storyId: ids.hidden, title: null, removedByModerators: true }),
      expect.objectContaining({ storyId: ids.shown, title: 'Zorblax shown news', removedByModerators: false }),
    ]);
    expect(data.notes.map((n: { note: string }) => n.note)).toEqual(['My note on hidden', 'My note on shown']);
    expect(data.sharedLinks).toEqual([expect.objectContaining({ storyId: ids.hidden, shareToken: hiddenToken, title: null, removedByModerators: true })]);
    expect(exported).not.toContain('Zorblax hidden');

    // What is theirs they may still delete; reading the note goes through the story, which is gone.
    expect((await inject({ url: `/api/stories/${ids.hidden}/notes`, headers: as(alice) })).statusCode).toBe(410);
    await ok({ method: 'DELETE', url: `/api/stories/${ids.hidden}/notes`, headers: as(alice) });
  });

  it('is left out of the lists, search, a keyword’s stories and the predictions’ outcomes', async () => {
    const top = (await ok({ url: '/api/stories/top?limit=100' })).json();
    expect(top.stories.map((s: { id: number }) => s.id)).not.toContain(ids.hidden);
    expect(top.stories.map((s: { id: number }) => s.id)).toContain(ids.shown);
    const search = (await ok({ url: '/api/search/stories?q=zorblax', headers: as(alice) })).json();
    expect(search.stories.map((s: { id: number }) => s.id)).toEqual([ids.shown]);
    const keyword = (await pool().query<{ id: number }>(`SELECT id FROM keywords WHERE key = 'zorblax'`)).rows[0]!;
    const stories = (await ok({ url: `/api/keywords/${keyword.id}/stories?period=24h` })).json();
    expect(stories.stories.map((s: { id: number }) => s.id)).toEqual([ids.shown]);
    const outcomes = (await ok({ url: '/api/predictions/outcomes', headers: as(alice) })).json();
    expect(outcomes.outcomes.map((o: { prediction: { story: { id: number } } }) => o.prediction.story.id)).toEqual([ids.shown]);
  });

  it('is in no email: watch notification, keyword alert, trending and prediction alerts, nor the weekly newsletter', async () => {
    await t.app.services.get('email').run();
    await ok({ method: 'POST', url: '/api/admin/send-weekly-digest', headers: as(admin) });
    await t.app.services.get('email').run();
    const mails = await outbox(alice);
    const kinds = ['watch_notification', 'keyword_alert', 'trending_alerts', 'prediction_alert', 'weekly_digest'];
    const ofKind = (kind: string) => mails.filter((mail) => mail.kind === kind);
    // Each kind went out, with the shown story in it, and none names a hidden one.
    for (const kind of kinds) expect(ofKind(kind).map((mail) => mail.html).join(''), kind).toContain(kind === 'weekly_digest' ? 'Shown best of the week' : 'Zorblax shown news');
    expect(kinds.filter((kind) => ofKind(kind).some((mail) => /Zorblax hidden|Hidden best of the week/.test(mail.subject + mail.html)))).toEqual([]);
    // No share link was made for an email about the hidden stories.
    const emailLinks = await pool().query('SELECT 1 FROM shared_links WHERE user_id = $1 AND story_id = ANY($2::int[]) AND share_token <> $3', [
      alice.id,
      [ids.hidden, ids.hiddenOfWeek],
      hiddenToken,
    ]);
    expect(emailLinks.rows).toEqual([]);
  });

  it('stays in the moderators’ queue, and is back everywhere once its flag is deleted', async () => {
    const queue = (await ok({ url: '/api/admin/content-flags?status=approved', headers: as(admin) })).json();
    expect(queue.flags.map((f: { story: { title: string } }) => f.story.title)).toContain('Zorblax hidden scandal');
    await ok({ method: 'DELETE', url: `/api/admin/content-flags/${flagIds[0]}`, headers: as(admin) });
    const page = await inject({ url: hiddenSharePath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Zorblax hidden scandal');
    expect((await inject({ url: `/api/og-image/${hiddenToken}` })).statusCode).toBe(200);
    expect((await ok({ url: `/api/shared-links/${hiddenToken}` })).json().story.title).toBe('Zorblax hidden scandal');
    expect((await ok({ url: '/api/bookmarks', headers: as(alice) })).json().totalCount).toBe(2);
  });
});
