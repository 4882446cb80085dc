import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveStories } from '../server/hn/derive-stories.ts';
import { recordWatchStatusChanges } from '../server/hn/watch-status.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { databaseFingerprint, seedStories } from './support/seed.ts';

/** Bookmarks, watches, notes, flags, the batch status calls and analytics events, on a real database.
 * Modules: bookmarks, watches, notes, flags, story-statuses, analytics
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const ids: Record<number, number> = {};
const nowSeconds = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  await seedStories(pool(), [
    { hnId: 101, time: nowSeconds - 3600, score: 10, descendants: 2, title: 'First story' },
    { hnId: 102, time: nowSeconds - 7200, score: 20, descendants: 4, title: 'Second story' },
    { hnId: 103, time: nowSeconds - 10800, score: 30, descendants: 6, title: 'Third story' },
    { hnId: 104, time: nowSeconds - 600, score: 5, descendants: 0, title: 'Quiet story' },
  ]);
  const rows = await pool().query<{ id: number; hn_id: number }>('SELECT id, hn_id FROM stories');
  for (const row of rows.rows) ids[row.hn_id] = row.id;
  alice = await signUp(t.app.server, { name: 'Alice' });
  bob = await signUp(t.app.server, { name: 'Bob' });
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });
const MISSING = 999_999;
const bookmarkEvent = () => ({ eventType: 'story_bookmark', properties: { storyId: ids[101], hnId: 101, title: 'First story', action: 'add' } });

describe('bookmarks', () => {
  it('visitors get 401 on every bookmark call', async () => {
    for (const request of [
      { url: '/api/bookmarks' },
      { method: 'POST' as const, url: '/api/bookmarks', payload: { storyId: ids[101] } },
      { method: 'DELETE' as const, url: `/api/bookmarks/${ids[101]}` },
      { url: `/api/bookmarks/check/${ids[101]}` },
      { method: 'POST' as const, url: '/api/bookmarks/check-batch', payload: { storyIds: [ids[101]] } },
    ]) {
      const response = await inject(request);
      expect(response.statusCode, request.url).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('bookmarks a story (201), again keeps one (200), and lists newest first with the story', async () => {
    const first = await inject({ method: 'POST', url: '/api/bookmarks', headers: as(alice), payload: { storyId: ids[101] } });
    expect(first.statusCode).toBe(201);
    expect(first.json().bookmark.story).toMatchObject({ id: ids[101], hnId: 101, title: 'First story', score: 10 });
    const again = await inject({ method: 'POST', url: '/api/bookmarks', headers: as(alice), payload: { storyId: ids[101] } });
    expect(again.statusCode).toBe(200);
    expect(again.json().bookmark.id).toBe(first.json().bookmark.id);
    await inject({ method: 'POST', url: '/api/bookmarks', headers: as(alice), payload: { storyId: ids[102] } });
    const count = await pool().query('SELECT count(*)::int AS n FROM bookmarks WHERE user_id = $1', [alice.id]);
    expect(count.rows[0].n).toBe(2);

    const list = await inject({ url: '/api/bookmarks', headers: as(alice) });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ totalCount: 2, totalPages: 1, page: 1, hasNext: false, hasPrevious: false });
    expect(body.bookmarks.map((b: { story: { hnId: number } }) => b.story.hnId)).toEqual([102, 101]);
    expect(Object.keys(body.bookmarks[0])).toEqual(['id', 'story', 'createdAt']);
  });

  it('pages with page and limit', async () => {
    const page1 = (await inject({ url: '/api/bookmarks?page=1&limit=1', headers: as(alice) })).json();
    expect(page1).toMatchObject({ totalCount: 2, totalPages: 2, hasNext: true, hasPrevious: false });
    expect(page1.bookmarks).toHaveLength(1);
    const page2 = (await inject({ url: '/api/bookmarks?page=2&limit=1', headers: as(alice) })).json();
    expect(page2).toMatchObject({ hasNext: false, hasPrevious: true });
    expect(page2.bookmarks[0].story.hnId).toBe(101);
  });

  it('checks one story', async () => {
    expect((await inject({ url: `/api/bookmarks/check/${ids[101]}`, headers: as(alice) })).json()).toEqual({ bookmarked: true });
    expect((await inject({ url: `/api/bookmarks/check/${ids[103]}`, headers: as(alice) })).json()).toEqual({ bookmarked: false });
  });

  it('refuses bad input with 400 and a message, and an unknown story with 404', async () => {
    for (const payload of [{}, { storyId: 'abc' }, { storyId: 1.5 }, { storyId: -1 }, { storyId: 0 }, { storyId: 2 ** 40 }, { storyId: ids[101], extra: 1 }]) {
      const response = await inject({ method: 'POST', url: '/api/bookmarks', headers: as(alice), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/^Invalid body: /);
    }
    for (const url of ['/api/bookmarks?page=0', '/api/bookmarks?limit=101', '/api/bookmarks?limit=abc', '/api/bookmarks/check/abc', '/api/bookmarks/check/-3']) {
      expect((await inject({ url, headers: as(alice) })).statusCode, url).toBe(400);
    }
    expect((await inject({ method: 'DELETE', url: '/api/bookmarks/abc', headers: as(alice) })).statusCode).toBe(400);
    const missing = await inject({ method: 'POST', url: '/api/bookmarks', headers: as(alice), payload: { storyId: MISSING } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Story not found' });
  });

  it('one person never reads or changes another person’s bookmarks', async () => {
    const bobs = (await inject({ url: '/api/bookmarks', headers: as(bob) })).json();
    expect(bobs.totalCount).toBe(0);
    expect((await inject({ url: `/api/bookmarks/check/${ids[101]}`, headers: as(bob) })).json()).toEqual({ bookmarked: false });
    const removal = await inject({ method: 'DELETE', url: `/api/bookmarks/${ids[101]}`, headers: as(bob) });
    expect(removal.statusCode).toBe(404);
    expect(removal.json()).toEqual({ message: 'Bookmark not found' });
    expect((await inject({ url: `/api/bookmarks/check/${ids[101]}`, headers: as(alice) })).json()).toEqual({ bookmarked: true });
  });

  it('removes a bookmark; removing it again is a 404', async () => {
    await inject({ method: 'POST', url: '/api/bookmarks', headers: as(alice), payload: { storyId: ids[103] } });
    const removal = await inject({ method: 'DELETE', url: `/api/bookmarks/${ids[103]}`, headers: as(alice) });
    expect(removal.statusCode).toBe(200);
    expect(removal.json()).toEqual({ ok: true });
    expect((await inject({ method: 'DELETE', url: `/api/bookmarks/${ids[103]}`, headers: as(alice) })).statusCode).toBe(404);
  });
});

describe('story watches', () => {
  it('watches a story with its counts as the baseline; growth and status follow the story', async () => {
    const created = await inject({ method: 'POST', url: '/api/story-watches', headers: as(alice), payload: { storyId: ids[104] } });
    expect(created.statusCode).toBe(201);
    expect(created.json().watch).toMatchObject({ storyId: ids[104], currentStatus: 'other', statusChanged: false, scoreGrowth: 0, commentsGrowth: 0 });
    const again = await inject({ method: 'POST', url: '/api/story-watches', headers: as(alice), payload: { storyId: ids[104] } });
    expect(again.statusCode).toBe(200);

    // The story grows into the hot level (score >= 250 and recent).
    await pool().query('UPDATE stories SET score = 260, descendants = 15 WHERE id = $1', [ids[104]]);
    const list = await inject({ url: '/api/story-watches', headers: as(alice) });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(1);
    const [watch] = list.json().watches;
    expect(Object.keys(watch)).toEqual(['id', 'storyId', 'story', 'createdAt', 'currentStatus', 'statusChanged', 'scoreGrowth', 'commentsGrowth']);
    expect(watch).toMatchObject({ storyId: ids[104], currentStatus: 'hot', statusChanged: true, scoreGrowth: 255, commentsGrowth: 15 });
    expect(watch.story).toMatchObject({ id: ids[104], hnId: 104, score: 260 });
  });

  it('ingestion records a watched story’s status change, once', async () => {
    const watch = (await pool().query('SELECT id, last_status FROM story_watches WHERE user_id = $1 AND story_id = $2', [alice.id, ids[104]])).rows[0];
    expect(watch.last_status).toBe('other');
    const nowMs = Date.now();
    await deriveStories(pool(), { storyIds: [ids[104]!], nowMs, windowHours: 2 });
    expect(await recordWatchStatusChanges(pool(), nowMs)).toBe(1);
    const changes = await pool().query('SELECT watch_id, user_id, story_id, from_status, to_status, notified_at FROM watch_status_changes');
    expect(changes.rows).toEqual([{ watch_id: watch.id, user_id: alice.id, story_id: ids[104], from_status: 'other', to_status: 'hot', notified_at: null }]);
    expect((await pool().query('SELECT last_status FROM story_watches WHERE id = $1', [watch.id])).rows[0].last_status).toBe('hot');
    // Nothing changed since: nothing recorded.
    expect(await recordWatchStatusChanges(pool(), nowMs + 60_000)).toBe(0);
    expect((await pool().query('SELECT count(*)::int AS n FROM watch_status_changes')).rows[0].n).toBe(1);
  });

  it('refuses bad input and unknown stories; visitors get 401', async () => {
    for (const payload of [{}, { storyId: 'x' }, { storyId: -5 }, { storyId: [1] }]) {
      expect((await inject({ method: 'POST', url: '/api/story-watches', headers: as(alice), payload })).statusCode).toBe(400);
    }
    expect((await inject({ method: 'POST', url: '/api/story-watches', headers: as(alice), payload: { storyId: MISSING } })).json()).toEqual({ message: 'Story not found' });
    expect((await inject({ method: 'DELETE', url: '/api/story-watches/x', headers: as(alice) })).statusCode).toBe(400);
    expect((await inject({ url: '/api/story-watches' })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/story-watches', payload: { storyId: ids[101] } })).statusCode).toBe(401);
  });

  it('one person never reads or changes another person’s watches', async () => {
    expect((await inject({ url: '/api/story-watches', headers: as(bob) })).json()).toEqual({ watches: [], count: 0 });
    const removal = await inject({ method: 'DELETE', url: `/api/story-watches/${ids[104]}`, headers: as(bob) });
    expect(removal.statusCode).toBe(404);
    expect(removal.json()).toEqual({ message: 'Watch not found' });
    expect((await inject({ url: '/api/story-watches', headers: as(alice) })).json().count).toBe(1);
  });

  it('stops watching', async () => {
    await inject({ method: 'POST', url: '/api/story-watches', headers: as(alice), payload: { storyId: ids[103] } });
    const removal = await inject({ method: 'DELETE', url: `/api/story-watches/${ids[103]}`, headers: as(alice) });
    expect(removal.json()).toEqual({ ok: true });
    expect((await inject({ method: 'DELETE', url: `/api/story-watches/${ids[103]}`, headers: as(alice) })).statusCode).toBe(404);
  });
});

describe('notes', () => {
  const url = () => `/api/stories/${ids[101]}/notes`;

  it('is 404 when there is no note', async () => {
    const response = await inject({ url: url(), headers: as(alice) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Note not found' });
  });

  it('creates a trimmed note, reads it, updates it, replaces it with POST, deletes it', async () => {
    const created = await inject({ method: 'POST', url: url(), headers: as(alice), payload: { note: '  Read this later.  ' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().note).toMatchObject({ storyId: ids[101], note: 'Read this later.' });
    expect(Object.keys(created.json().note)).toEqual(['id', 'storyId', 'note', 'createdAt', 'updatedAt']);
    expect((await inject({ url: url(), headers: as(alice) })).json().note.note).toBe('Read this later.');

    const updated = await inject({ method: 'PUT', url: url(), headers: as(alice), payload: { note: 'Updated.' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().note).toMatchObject({ id: created.json().note.id, note: 'Updated.' });

    const replaced = await inject({ method: 'POST', url: url(), headers: as(alice), payload: { note: 'Replaced.' } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().note).toMatchObject({ id: created.json().note.id, note: 'Replaced.' });
    expect((await pool().query('SELECT count(*)::int AS n FROM story_notes WHERE user_id = $1', [alice.id])).rows[0].n).toBe(1);

    const exact = 'x'.repeat(1000);
    expect((await inject({ method: 'PUT', url: url(), headers: as(alice), payload: { note: exact } })).json().note.note).toBe(exact);
  });

  it('refuses empty, too long and malformed notes with the spec’s messages, changing nothing', async () => {
    const before = await databaseFingerprint(pool());
    const cases: [unknown, string][] = [
      [{ note: '' }, 'Note cannot be empty'],
      [{ note: '   \n ' }, 'Note cannot be empty'],
      [{ note: 'y'.repeat(1001) }, 'Note must be at most 1000 characters'],
      [{ note: 42 }, 'Note must be text'],
      [{}, 'Note must be text'],
    ];
    for (const [payload, message] of cases) {
      for (const method of ['POST', 'PUT'] as const) {
        const response = await inject({ method, url: url(), headers: as(alice), payload: payload as object });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(message);
      }
    }
    expect((await inject({ url: '/api/stories/abc/notes', headers: as(alice) })).statusCode).toBe(400);
    expect((await inject({ url: `/api/stories/${MISSING}/notes`, headers: as(alice) })).json()).toEqual({ message: 'Story not found' });
    expect(await databaseFingerprint(pool())).toBe(before);
  });

  it('one person never reads or changes another person’s note', async () => {
    expect((await inject({ url: url(), headers: as(bob) })).statusCode).toBe(404);
    expect((await inject({ method: 'PUT', url: url(), headers: as(bob), payload: { note: 'Mine now' } })).statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url: url(), headers: as(bob) })).statusCode).toBe(404);
    // Bob's own note on the same story is his own.
    expect((await inject({ method: 'POST', url: url(), headers: as(bob), payload: { note: 'Bob thinks' } })).statusCode).toBe(201);
    expect((await inject({ url: url(), headers: as(alice) })).json().note.note).toBe('x'.repeat(1000));
    expect((await inject({ url: url(), headers: as(bob) })).json().note.note).toBe('Bob thinks');
    expect((await inject({ url: url() })).statusCode).toBe(401);
  });

  it('deletes a note; then PUT and DELETE are 404', async () => {
    const removal = await inject({ method: 'DELETE', url: url(), headers: as(bob) });
    expect(removal.json()).toEqual({ ok: true });
    expect((await inject({ method: 'DELETE', url: url(), headers: as(bob) })).statusCode).toBe(404);
    expect((await inject({ method: 'PUT', url: url(), headers: as(bob), payload: { note: 'again' } })).json()).toEqual({ message: 'Note not found' });
  });
});

describe('content flags', () => {
  it('flags a story as pending, with or without details', async () => {
    const response = await inject({ method: 'POST', url: '/api/content-flags', headers: as(alice), payload: { storyId: ids[102], flagType: 'spam', reason: '  Selling things.  ' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().flag).toMatchObject({ storyId: ids[102], flagType: 'spam', reason: 'Selling things.', status: 'pending' });
    const noReason = await inject({ method: 'POST', url: '/api/content-flags', headers: as(alice), payload: { storyId: ids[103], flagType: 'off-topic', reason: null } });
    expect(noReason.json().flag.reason).toBeNull();
    const blank = await inject({ method: 'POST', url: '/api/content-flags', headers: as(bob), payload: { storyId: ids[103], flagType: 'other', reason: '   ' } });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().flag.reason).toBeNull();
    const rows = await pool().query(`SELECT status FROM content_flags`);
    expect(rows.rows.every((row) => row.status === 'pending')).toBe(true);
  });

  it('a second flag on the same story while the first is pending is a 409 with a message', async () => {
    const response = await inject({ method: 'POST', url: '/api/content-flags', headers: as(alice), payload: { storyId: ids[102], flagType: 'misleading' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'You have already flagged this story. Moderators will review it.' });
    // Once moderators have dealt with it, the person may flag again.
    await pool().query(`UPDATE content_flags SET status = 'dismissed' WHERE user_id = $1 AND story_id = $2`, [alice.id, ids[102]]);
    expect((await inject({ url: `/api/content-flags/check/${ids[102]}`, headers: as(alice) })).json()).toEqual({ flagged: false });
    expect((await inject({ method: 'POST', url: '/api/content-flags', headers: as(alice), payload: { storyId: ids[102], flagType: 'duplicate' } })).statusCode).toBe(201);
  });

  it('checks one story, only for the person asking', async () => {
    expect((await inject({ url: `/api/content-flags/check/${ids[102]}`, headers: as(alice) })).json()).toEqual({ flagged: true });
    expect((await inject({ url: `/api/content-flags/check/${ids[102]}`, headers: as(bob) })).json()).toEqual({ flagged: false });
    expect((await inject({ url: `/api/content-flags/check/${ids[102]}` })).statusCode).toBe(401);
  });

  it('refuses bad input: missing or unknown type, too long details, unknown story', async () => {
    const before = await databaseFingerprint(pool());
    const cases: [object, string][] = [
      [{ storyId: ids[101] }, 'flagType must be one of spam, inappropriate, duplicate, misleading, off-topic, other'],
      [{ storyId: ids[101], flagType: 'rude' }, 'flagType must be one of'],
      [{ storyId: ids[101], flagType: 'spam', reason: 'z'.repeat(501) }, 'reason must be at most 500 characters'],
      [{ storyId: ids[101], flagType: 'spam', reason: 7 }, 'reason must be text'],
      [{ flagType: 'spam' }, 'storyId must be a number'],
      [{ storyId: ids[101], flagType: 'spam', status: 'resolved' }, 'Invalid body'],
    ];
    for (const [payload, message] of cases) {
      const response = await inject({ method: 'POST', url: '/api/content-flags', headers: as(bob), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const missing = await inject({ method: 'POST', url: '/api/content-flags', headers: as(bob), payload: { storyId: MISSING, flagType: 'spam' } });
    expect(missing.statusCode).toBe(404);
    expect(await databaseFingerprint(pool())).toBe(before);
    const exact = await inject({ method: 'POST', url: '/api/content-flags', headers: as(bob), payload: { storyId: ids[101], flagType: 'inappropriate', reason: 'z'.repeat(500) } });
    expect(exact.statusCode).toBe(201);
  });
});

describe('batch status', () => {
  const calls = [
    ['/api/bookmarks/check-batch', 'bookmarkStatuses'],
    ['/api/content-flags/check-batch', 'flagStatuses'],
    ['/api/story-watches/check-batch', 'watchStatuses'],
    ['/api/story-notes/check-batch', 'noteStatuses'],
  ] as const;
  const combined = '/api/story-statuses/check-batch';

  it('answers a map with true or false for every requested story, for the person asking', async () => {
    const storyIds = [ids[101]!, ids[102]!, ids[103]!, ids[104]!, MISSING];
    const expected = {
      bookmarkStatuses: [true, true, false, false, false],
      flagStatuses: [false, true, true, false, false],
      watchStatuses: [false, false, false, true, false],
      noteStatuses: [true, false, false, false, false],
    };
    for (const [url, key] of calls) {
      const response = await inject({ method: 'POST', url, headers: as(alice), payload: { storyIds } });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ [key]: Object.fromEntries(storyIds.map((id, index) => [String(id), expected[key][index]])) });
    }
    const bobs = await inject({ method: 'POST', url: '/api/bookmarks/check-batch', headers: as(bob), payload: { storyIds } });
    expect(Object.values(bobs.json().bookmarkStatuses).every((value) => value === false)).toBe(true);
  });

  it('answers the four kinds in one call exactly as the four calls do, for the person asking', async () => {
    const storyIds = [ids[104]!, MISSING, ids[101]!, ids[102]!, ids[103]!];
    for (const user of [alice, bob]) {
      const separate: Record<string, unknown> = {};
      for (const [url, key] of calls) separate[key] = (await inject({ method: 'POST', url, headers: as(user), payload: { storyIds } })).json()[key];
      const response = await inject({ method: 'POST', url: combined, headers: as(user), payload: { storyIds } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(separate);
    }
    const alices = (await inject({ method: 'POST', url: combined, headers: as(alice), payload: { storyIds } })).json();
    expect(alices.flagStatuses).toEqual({ [ids[104]!]: false, [MISSING]: false, [ids[101]!]: false, [ids[102]!]: true, [ids[103]!]: true });
  });

  it('takes up to 200 ids and refuses more, none, or anything but positive whole numbers', async () => {
    const many = Array.from({ length: 200 }, (_, index) => index + 1);
    for (const [url, key] of [...calls, [combined, 'noteStatuses'] as const]) {
      const ok = await inject({ method: 'POST', url, headers: as(alice), payload: { storyIds: many } });
      expect(Object.keys(ok.json()[key])).toHaveLength(200);
      for (const payload of [{ storyIds: [...many, 201] }, { storyIds: [] }, {}, { storyIds: ['1'] }, { storyIds: [1.5] }, { storyIds: [-1] }, { storyIds: 'nope' }]) {
        const response = await inject({ method: 'POST', url, headers: as(alice), payload });
        expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 40)}`).toBe(400);
      }
      expect((await inject({ method: 'POST', url, headers: as(alice), payload: { storyIds: [...many, 201] } })).json().message).toContain('storyIds must name at most 200 stories');
      expect((await inject({ method: 'POST', url, payload: { storyIds: [1] } })).statusCode).toBe(401);
    }
  });
});

/** The onboarding choice of analytics consent, as the person makes it. */
async function giveAnalyticsConsent(user: TestUser, analyticsConsent: boolean) {
  const payload = { emailNotifications: false, weeklyDigest: false, marketingConsent: false, analyticsConsent };
  expect((await inject({ method: 'POST', url: '/api/user/onboarding/complete', headers: as(user), payload })).statusCode).toBe(200);
}

describe('analytics events', () => {
  // Functions: the stories' ids are known once the file's stories are stored.
  const viewEvent = () => ({ eventType: 'story_view', properties: { viewType: 'title_click', storyId: ids[101], title: 'First story', url: 'https://example.com/101', score: 10, position: 'featured' } });
  /** What is stored: the story's own id, Hacker News id, title (and for a view its url and score), beside what only the client knows. */
  const storedView = () => ({ viewType: 'title_click', position: 'featured', storyId: ids[101], hnId: 101, title: 'First story', url: 'https://example.com/101', score: 10 });
  const storedBookmark = () => ({ action: 'add', storyId: ids[101], hnId: 101, title: 'First story' });

  it('stores story_bookmark and story_view events from people and visitors; the person only with analytics consent', async () => {
    // A bookmark event counts only from someone who holds the bookmark.
    await inject({ method: 'POST', url: '/api/bookmarks', headers: as(alice), payload: { storyId: ids[101] } });
    await giveAnalyticsConsent(alice, true);
    expect((await inject({ method: 'POST', url: '/api/analytics/track', headers: as(alice), payload: bookmarkEvent(), remoteAddress: '10.77.0.1' })).json()).toEqual({ ok: true });
    expect((await inject({ method: 'POST', url: '/api/analytics/track', payload: viewEvent(), remoteAddress: '10.77.0.1' })).statusCode).toBe(200);
    // Bob did not consent: his event is kept, without him.
    await giveAnalyticsConsent(bob, false);
    expect((await inject({ method: 'POST', url: '/api/analytics/track', headers: as(bob), payload: viewEvent(), remoteAddress: '10.77.0.1' })).statusCode).toBe(200);
    // Alice changes her mind: her next event is no longer hers.
    await giveAnalyticsConsent(alice, false);
    await inject({ method: 'POST', url: '/api/analytics/track', headers: as(alice), payload: viewEvent(), remoteAddress: '10.77.0.1' });
    const rows = await pool().query('SELECT event_type, properties, user_id FROM analytics_events ORDER BY id');
    expect(rows.rows).toEqual([
      { event_type: 'story_bookmark', properties: storedBookmark(), user_id: alice.id },
      { event_type: 'story_view', properties: storedView(), user_id: null },
      { event_type: 'story_view', properties: storedView(), user_id: null },
      { event_type: 'story_view', properties: storedView(), user_id: null },
    ]);
  });

  it('refuses unknown events and bad or extra properties', async () => {
    const before = await databaseFingerprint(pool());
    for (const payload of [
      { eventType: 'page_view', properties: {} },
      { eventType: 'story_bookmark', properties: { ...bookmarkEvent().properties, action: 'remove' } },
      { eventType: 'story_bookmark', properties: { ...bookmarkEvent().properties, secret: 'x' } },
      { eventType: 'story_bookmark', properties: { ...bookmarkEvent().properties, title: 't'.repeat(501) } },
      { eventType: 'story_view', properties: { ...viewEvent().properties, viewType: 'hover' } },
      { eventType: 'story_view', properties: { ...viewEvent().properties, position: 'top' } },
      { eventType: 'story_view', properties: { ...viewEvent().properties, score: 'high' } },
      { eventType: 'story_view' },
      {},
    ]) {
      const response = await inject({ method: 'POST', url: '/api/analytics/track', payload, remoteAddress: '10.77.0.2' });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(await databaseFingerprint(pool())).toBe(before);
  });

  it('is rate limited to 120 a minute per address', async () => {
    const send = () => inject({ method: 'POST', url: '/api/analytics/track', payload: viewEvent(), remoteAddress: '10.77.0.3' });
    for (let i = 0; i < 120; i++) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await inject({ method: 'POST', url: '/api/analytics/track', payload: viewEvent(), remoteAddress: '10.77.0.4' })).statusCode).toBe(200);
  }, 60_000);
});

describe('the person’s data', () => {
  it('the export holds bookmarks, watches, notes, flags and share links; deleting the account deletes them all', async () => {
    const carol = await signUp(t.app.server, { name: 'Carol' });
    const me = as(carol);
    await giveAnalyticsConsent(carol, true);
    await inject({ method: 'POST', url: '/api/bookmarks', headers: me, payload: { storyId: ids[101] } });
    await inject({ method: 'POST', url: '/api/story-watches', headers: me, payload: { storyId: ids[102] } });
    await inject({ method: 'POST', url: `/api/stories/${ids[103]}/notes`, headers: me, payload: { note: 'Carol’s note' } });
    await inject({ method: 'POST', url: '/api/content-flags', headers: me, payload: { storyId: ids[104], flagType: 'spam', reason: 'ads' } });
    await inject({ method: 'POST', url: '/api/shared-links', headers: me, payload: { storyId: ids[101], customTitle: 'Look' } });
    await inject({ method: 'POST', url: '/api/analytics/track', headers: me, payload: bookmarkEvent(), remoteAddress: '10.77.0.9' });

    const data = (await inject({ url: '/api/user/export', headers: me })).json();
    expect(data.bookmarks).toEqual([expect.objectContaining({ storyId: ids[101], hnId: 101, title: 'First story' })]);
    expect(data.storyWatches).toEqual([expect.objectContaining({ storyId: ids[102], initialScore: 20, initialStatus: 'other' })]);
    expect(data.notes).toEqual([expect.objectContaining({ storyId: ids[103], note: 'Carol’s note' })]);
    expect(data.contentFlags).toEqual([expect.objectContaining({ storyId: ids[104], flagType: 'spam', reason: 'ads', status: 'pending' })]);
    expect(data.sharedLinks).toEqual([expect.objectContaining({ storyId: ids[101], customTitle: 'Look', viewCount: 0 })]);

    const tables = ['bookmarks', 'story_watches', 'story_notes', 'content_flags', 'shared_links', 'analytics_events'];
    const counts = async () =>
      Promise.all(tables.map(async (table) => (await pool().query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [carol.id])).rows[0].n));
    expect(await counts()).toEqual([1, 1, 1, 1, 1, 1]);
    expect((await inject({ method: 'DELETE', url: '/api/user', headers: me, payload: { password: 'correct horse battery staple' } })).statusCode).toBe(200);
    expect(await counts()).toEqual([0, 0, 0, 0, 0, 0]);
    // Other people's rows stay.
    expect((await inject({ url: '/api/bookmarks', headers: as(alice) })).json().totalCount).toBe(2);
  }, 60_000);
});

describe('the API document', () => {
  it('lists every story-action call', async () => {
    const response = await inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/bookmarks',
      '/api/bookmarks/{storyId}',
      '/api/bookmarks/check/{storyId}',
      '/api/bookmarks/check-batch',
      '/api/story-watches',
      '/api/story-watches/{storyId}',
      '/api/story-watches/check-batch',
      '/api/stories/{id}/notes',
      '/api/story-notes/check-batch',
      '/api/content-flags',
      '/api/content-flags/check/{storyId}',
      '/api/content-flags/check-batch',
      '/api/story-statuses/check-batch',
      '/api/shared-links',
      '/api/my-shared-links',
      '/api/shared-links/{shareToken}',
      '/api/shared-links/{shareToken}/click',
      '/api/og-image/{shareToken}',
      '/api/analytics/track',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
