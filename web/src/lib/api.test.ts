// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getJson, handleUnauthorized, isUnauthorizedError, loginUrl, messageOf, resetUnauthorizedState } from './api';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError } }));

function respond(status: number, body: string, contentType = 'application/json', statusText = '') {
  return vi.fn(async () => new Response(body || null, { status, statusText, headers: { 'content-type': contentType } }));
}

describe('requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends cookies and object bodies as JSON, and parses JSON answers', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/api/contact', { name: 'Ada' })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ada"}',
    });
  });

  it('returns the raw response when the answer is not JSON', async () => {
    vi.stubGlobal('fetch', respond(200, 'plain', 'text/plain'));
    const result = await getJson<Response>('/api/x');
    expect(result).toBeInstanceOf(Response);
  });

  it("fails with 'STATUS: body'", async () => {
    vi.stubGlobal('fetch', respond(429, '{"message":"Too many requests."}'));
    const error = await apiRequest('POST', '/api/stories/refresh').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('429: {"message":"Too many requests."}');
    expect((error as ApiError).serverMessage).toBe('Too many requests.');
    expect(messageOf(error, 'fallback')).toBe('Too many requests.');
  });

  it('gives a 400\'s reason per field, the first for each path, and none for a body without issues', () => {
    const body = JSON.stringify({
      message: 'Invalid body: website: bad; website: worse',
      issues: [
        { path: 'website', message: 'bad' },
        { path: 'website', message: 'worse' },
        { path: 'bio', message: 'too long' },
      ],
    });
    expect(new ApiError(400, body).fieldMessages).toEqual({ website: 'bad', bio: 'too long' });
    expect(new ApiError(400, '{"message":"Nope"}').fieldMessages).toEqual({});
    expect(new ApiError(502, 'Bad Gateway').fieldMessages).toEqual({});
  });

  it("fails with 'STATUS: status text' when the body is empty", async () => {
    vi.stubGlobal('fetch', respond(503, '', 'text/plain', 'Service Unavailable'));
    await expect(getJson('/api/x')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('yields null on 401 when asked to, and fails otherwise', async () => {
    vi.stubGlobal('fetch', respond(401, '{"message":"Unauthorized"}'));
    await expect(getJson('/api/auth/user', { nullOn401: true })).resolves.toBeNull();
    await expect(getJson('/api/user/preferences')).rejects.toThrow('401: {"message":"Unauthorized"}');
  });
});

describe('the unauthorized rule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastError.mockClear();
    resetUnauthorizedState();
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    ['401: {"message":"Unauthorized"}', true],
    ['401: Unauthorized', true],
    ['403: {"message":"Unauthorized"}', false],
    ['401: {"message":"Session expired"}', false],
    ['500: Unauthorized', false],
  ])('%s is unauthorized: %s', (message, expected) => {
    expect(isUnauthorizedError(new Error(message))).toBe(expected);
  });

  it('toasts once and goes to the login path after 500 ms', () => {
    const navigate = vi.fn();
    window.history.pushState({}, '', '/preferences');
    handleUnauthorized(navigate);
    handleUnauthorized(navigate);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Unauthorized', { description: 'You are logged out. Logging in again...' });
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/login?returnTo=%2Fpreferences');
  });

  it('builds login paths', () => {
    expect(loginUrl()).toBe('/api/login');
    expect(loginUrl('/')).toBe('/api/login');
    expect(loginUrl('/profile?x=1')).toBe('/api/login?returnTo=%2Fprofile%3Fx%3D1');
  });
});
