import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ALERTS_PER_PERSON } from '#common/rules/keywords.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/** A per-person cap holds under requests at once: each create counts and inserts under the person's lock. */
let t: TestApp;
let carol: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
  carol = await signUp(t.app.server, { name: 'Carol' });
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const createAlert = (user: TestUser, keyword: string) =>
  t.app.server.inject({ method: 'POST', url: '/api/keyword-alerts', headers: { cookie: user.cookie }, payload: { keyword, threshold: 5 } });
const alertsOf = async (user: TestUser) => (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM keyword_alerts WHERE user_id = $1', [user.id])).rows[0]!.n;

describe('keyword alerts', () => {
  it(`twenty creates at once, three short of the cap, leave exactly ${MAX_ALERTS_PER_PERSON} alerts`, async () => {
    const held = MAX_ALERTS_PER_PERSON - 3;
    await pool().query(
      `INSERT INTO keyword_alerts (user_id, keyword, match_key, threshold) SELECT $1, 'held' || i, 'held' || i, 5 FROM generate_series(1, $2) AS i`,
      [carol.id, held],
    );
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => createAlert(carol, `parallel${i}`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    expect(responses.find((response) => response.statusCode === 409)!.json().message).toMatch(/at most 50 keyword alerts/);
    expect(await alertsOf(carol)).toBe(MAX_ALERTS_PER_PERSON);
  });

  it('one person at the cap does not hold back another', async () => {
    const dave = await signUp(t.app.server, { name: 'Dave' });
    const [capped, ...same] = await Promise.all([createAlert(carol, 'one more'), createAlert(dave, 'first'), createAlert(dave, 'first')]);
    expect(capped!.statusCode).toBe(409);
    expect(same.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(same.find((response) => response.statusCode === 409)!.json().message).toBe('You already have an alert for this keyword.');
    expect(await alertsOf(dave)).toBe(1);
  });
});
