import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * A refresh whose cycle fails says so: the test app's Hacker News address (port 9) answers nobody, so every list
 * fails, and neither the refresh that ran the cycle nor one that joins it may claim the stories were refreshed.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

const FAILED = 'Refresh failed: Hacker News could not be reached. Showing the stories we have.';

describe('POST /api/stories/refresh when Hacker News cannot be reached', () => {
  it('reports the failure in its message and as not refreshed, also to a refresh that joins the failed cycle', async () => {
    const first = await t.app.server.inject({ method: 'POST', url: '/api/stories/refresh' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ refreshed: false, message: FAILED, cycle: { status: 'failed' } });

    const joined = await t.app.server.inject({ method: 'POST', url: '/api/stories/refresh' });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ refreshed: false, message: FAILED, cycle: { id: first.json().cycle.id, status: 'failed' } });
  });
});
