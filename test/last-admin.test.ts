import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { databaseFingerprint } from './support/seed.ts';

/** The site always keeps an admin: neither a demotion nor an account deletion takes away the last one. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const PASSWORD = 'correct horse battery staple';
let address = 0;
/** From an address of its own each time: the password check counts toward the per-address sign-in limit. */
const deleteAccount = (user: TestUser) =>
  inject({ method: 'DELETE', url: '/api/user', headers: { cookie: user.cookie }, payload: { password: PASSWORD }, remoteAddress: `10.77.0.${++address}` });
const adminCount = async () => (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`)).rows[0]!.n;

/** Makes the site's admins exactly `admins` (everyone else a plain user). */
async function onlyAdmins(...admins: TestUser[]): Promise<void> {
  await pool().query(`UPDATE users SET role = 'user'`);
  for (const admin of admins) await setRole(pool(), admin.id, 'admin');
}

describe('the last admin', () => {
  it('cannot delete their account: 409 with the message, and nothing changes', async () => {
    const only = await signUp(t.app.server, { name: 'Only Admin' });
    await onlyAdmins(only);
    const before = await databaseFingerprint(pool(), ['rate_limits']);
    const refused = await deleteAccount(only);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'The last admin cannot be deleted. Make someone else an admin first.' });
    expect(await databaseFingerprint(pool(), ['rate_limits'])).toBe(before);
    expect((await inject({ url: '/api/auth/user', headers: { cookie: only.cookie } })).json().role).toBe('admin');
  });

  it('can delete their account once another admin exists; a plain user always can', async () => {
    const first = await signUp(t.app.server, { name: 'First Admin' });
    const second = await signUp(t.app.server, { name: 'Second Admin' });
    const reader = await signUp(t.app.server, { name: 'Reader' });
    await onlyAdmins(first, second);
    expect((await deleteAccount(reader)).statusCode).toBe(200);
    expect((await deleteAccount(first)).statusCode).toBe(200);
    expect((await deleteAccount(second)).statusCode).toBe(409);
    expect(await adminCount()).toBe(1);
  });

  it('two admins deleting their accounts at once leave one of them', async () => {
    for (let round = 0; round < 2; round++) {
      const pair = [await signUp(t.app.server, { name: 'Admin A' }), await signUp(t.app.server, { name: 'Admin B' })];
      await onlyAdmins(...pair);
      const statuses = (await Promise.all(pair.map(deleteAccount))).map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      expect(await adminCount()).toBe(1);
    }
  });

  it('an admin deleting their account while the other demotes them, or demoting each other at once, leaves one', async () => {
    const [a, b] = [await signUp(t.app.server, { name: 'Admin C' }), await signUp(t.app.server, { name: 'Admin D' })];
    await onlyAdmins(a, b);
    const demote = (by: TestUser, target: TestUser) =>
      inject({ method: 'PATCH', url: `/api/admin/users/${target.id}/role`, headers: { cookie: by.cookie }, payload: { role: 'user' } });
    const [deleted, demoted] = await Promise.all([deleteAccount(a), demote(b, b)]);
    expect([deleted.statusCode, demoted.statusCode].sort()).toEqual([200, 409]);
    expect(await adminCount()).toBe(1);
  });
});
