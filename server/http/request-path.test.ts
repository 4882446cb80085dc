import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isApiRequest, nonCanonicalReason, resolvedPathname } from './request-path.ts';

describe('nonCanonicalReason', () => {
  it.each(['/', '/api/bookmarks', '/api/stories/1/notes?x=%61&y=..', '/keywords/', '/profile/al%C3%AFce', '/share/a%20b', '/api/profile/%3A', '/signin?returnTo=%2F%2Fevil'])(
    'accepts %s',
    (url) => expect(nonCanonicalReason(url)).toBeNull(),
  );

  it.each([
    '/%61pi/bookmarks',
    '/api/%62ookmarks',
    '/api/stories/%31/notes',
    '/api/./bookmarks',
    '/api/x/../bookmarks',
    '/api/bookmarks/.',
    '/api/%2E/bookmarks',
    '/api/%2e%2e/api/bookmarks',
    '/api//bookmarks',
    '/api\\bookmarks',
    '/api%2Fbookmarks',
    '/api%5cbookmarks',
    '/api/bookmarks%7E',
    '/api/bookmarks%00',
    '/api/bookmarks%zz',
    '/api/bookmarks#x',
    'http://localhost/api/bookmarks',
    '*',
  ])('refuses %s', (url) => expect(nonCanonicalReason(url)).not.toBeNull());
});

describe('resolvedPathname', () => {
  it.each([
    ['/api/auth/./sign-in/email', '/api/auth/sign-in/email'],
    ['/api/auth/x/../sign-in/email?x=1', '/api/auth/sign-in/email'],
    ['/api/%61uth/sign-in/email', '/api/auth/sign-in/email'],
    ['/api/auth/%2E/sign-in/email', '/api/auth/sign-in/email'],
    ['/api\\auth\\sign-in\\email', '/api/auth/sign-in/email'],
    ['http://localhost/api/auth/sign-in/email#x', '/api/auth/sign-in/email'],
  ])('resolves %s to %s', (url, expected) => expect(resolvedPathname(url)).toBe(expected));
});

describe('isApiRequest', () => {
  it('decides on the route the router matched, not on the spelling of the URL', async () => {
    const app = Fastify();
    app.get('/api/bookmarks', async (request) => ({ api: isApiRequest(request) }));
    app.get('/*', async (request) => ({ api: isApiRequest(request) }));
    expect((await app.inject({ url: '/%61pi/bookmarks' })).json()).toEqual({ api: true });
    expect((await app.inject({ url: '/API/nowhere' })).json()).toEqual({ api: true });
    expect((await app.inject({ url: '/about' })).json()).toEqual({ api: false });
    await app.close();
  });
});
