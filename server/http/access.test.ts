import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '#common/contracts/accounts.ts';
import { currentUser, installAccessControl, withSharedSessionLookup, type UserResolver } from './access.ts';

const reader = { id: 'u1', role: 'user' } as CurrentUser;

/** An app with one signed-in route and a resolver that counts its lookups (a session lookup is a database query). */
async function appCountingLookups() {
  const lookups: string[] = [];
  const resolve: UserResolver = async (request) => {
    lookups.push(request.headers.cookie ?? '');
    return request.headers.cookie === 'session=reader' ? reader : null;
  };
  const app = Fastify();
  installAccessControl(app, resolve);
  app.get('/api/mine', { config: { access: 'user' } }, async (request) => ({ id: (await currentUser(request, resolve))!.id }));
  await app.ready();
  const ask = (cookie: string) => app.inject({ url: '/api/mine', headers: { cookie } });
  return { app, lookups, ask };
}

describe('a page rendered by the server looks the session up once', () => {
  it('shares one lookup among the in-process requests of one render', async () => {
    const { app, lookups, ask } = await appCountingLookups();
    const answers = await withSharedSessionLookup(() => Promise.all(Array.from({ length: 9 }, () => ask('session=reader'))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(9).fill(200));
    expect(lookups).toEqual(['session=reader']);
    await app.close();
  });

  it('looks up each request on its own outside a render, and never shares a lookup between cookies or renders', async () => {
    const { app, lookups, ask } = await appCountingLookups();
    await Promise.all([ask('session=reader'), ask('session=reader')]);
    expect(lookups).toHaveLength(2);

    lookups.length = 0;
    const [mine, stranger] = await withSharedSessionLookup(() => Promise.all([ask('session=reader'), ask('session=stranger')]));
    expect(mine.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(401);
    await withSharedSessionLookup(() => ask('session=reader'));
    expect(lookups).toEqual(['session=reader', 'session=stranger', 'session=reader']);
    await app.close();
  });
});
