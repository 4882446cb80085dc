import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';

describe('a slow statement holds only its own request', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.server.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  });

  afterAll(() => t.close());

  it('answers /healthz again and again while one statement runs for seconds', async () => {
    let slowDone = false;
    const slow = t.db.database.pool.query('SELECT pg_sleep(3)').then(() => {
      slowDone = true;
    });
    // With the embedded database on the HTTP thread, the statement would stop every request until it ended:
    // at most the request already under way would be answered while it ran.
    let answeredWhileSlow = 0;
    while (!slowDone) {
      const response = await fetch(`${base}/healthz`);
      expect(response.status).toBe(200);
      if (!slowDone) answeredWhileSlow++;
    }
    await slow;
    expect(answeredWhileSlow).toBeGreaterThanOrEqual(5);
  });
});
