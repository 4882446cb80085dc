import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteStatsService } from '../server/modules/site-stats/service.ts';
import { signUp } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/** The landing page's live figures: what they count, and what they leave out. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

const DAY = 86_400;
const WEEK_SECONDS = 7 * DAY;

describe('GET /api/site/stats', () => {
  it('counts the stories of the last 30 days that a list may show, and the people with a session begun or renewed within a day', async () => {
    const pool = t.db.database.pool;
    const now = Math.floor(Date.now() / 1000);
    await seedStories(pool, [
      { hnId: 1, time: now - 60 },
      { hnId: 2, time: now - 29 * DAY },
      { hnId: 3, time: now - 31 * DAY },
      { hnId: 4, time: now - DAY, dead: true },
      { hnId: 5, time: now - DAY, deleted: true },
      { hnId: 6, time: now - DAY },
    ]);
    await pool.query('UPDATE stories SET hidden = true WHERE hn_id = 6');

    // Two people sign up (a session each, begun now); a third's only session was renewed two days ago.
    await signUp(t.app.server, { email: 'reader-one@example.com' });
    const second = await signUp(t.app.server, { email: 'reader-two@example.com' });
    await signUp(t.app.server, { email: 'reader-three@example.com' });
    await pool.query(
      `UPDATE sessions SET expires_at = now() + make_interval(secs => $1) - interval '2 days'
        WHERE user_id = (SELECT id FROM users WHERE email = 'reader-three@example.com')`,
      [WEEK_SECONDS],
    );
    // A second session of the same person counts once.
    await pool.query(
      `INSERT INTO sessions (id, user_id, token, expires_at, created_at, updated_at)
       SELECT 'second-session', user_id, 'second-session-token', expires_at, now(), now() FROM sessions WHERE user_id = $1 LIMIT 1`,
      [second.id],
    );

    const response = await t.app.server.inject({ url: '/api/site/stats' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ storiesLast30Days: 2, readersLast24Hours: 2 });
    expect(response.headers['cache-control']).toBe('public, max-age=60');

    // The same rule from the service, with a lifetime shorter than a day: every unexpired session counts.
    expect(await new SiteStatsService(pool, 3600, 0).current()).toEqual({ storiesLast30Days: 2, readersLast24Hours: 3 });
  });
});
