/**
 * Prefix of the authentication cookies; the session cookie is `hnt.session_token` (`__Secure-` first over https).
 * Kept at the HTTP layer because caching and page serving decide on it before any module runs.
 */
export const AUTH_COOKIE_PREFIX = 'hnt';

const SESSION_COOKIE_NAMES = new Set([`${AUTH_COOKIE_PREFIX}.session_token`, `__Secure-${AUTH_COOKIE_PREFIX}.session_token`]);

/** Whether a Cookie header carries a session cookie (valid or not): only then can the request be someone signed in. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => SESSION_COOKIE_NAMES.has(pair.split('=', 1)[0]!.trim()));
}
