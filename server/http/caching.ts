import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasSessionCookie } from './session-cookie.ts';
// The route config's `access` is declared there (module augmentation of Fastify's route config).
import type { Access } from './access.ts';

/** What a browser or a shared cache may do with an answer made for one person: nothing, not even keep it. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Public routes whose answer depends on who asks: the profile shows its owner and admins more, the
 * announcements leave out the ones dismissed, better-auth's endpoints answer about the session, the keyword
 * hourly patterns are in the person's time zone. By route,
 * as the router matched it, so no spelling of the path escapes.
 */
export const COOKIE_DEPENDENT_ROUTES: ReadonlySet<string> = new Set([
  '/api/profile/:identifier',
  '/api/announcements',
  '/api/auth/*',
  '/api/auth/me',
  '/api/keywords/hourly-patterns',
]);

/**
 * The one caching rule for personal answers, applied to every answer as it is sent (onSend):
 * - a route that needs a signed-in person (config.access other than public) answers `private, no-store`,
 *   whatever the route set, errors included;
 * - a cookie-dependent public route's answer carries `Vary: Cookie`, and is `private, no-store` when the
 *   request carried a session cookie (the visitors' answer keeps the route's own caching);
 * - any answer that sets a cookie is `private, no-store`.
 * Public answers that are the same for everyone (the story lists) keep their own caching.
 */
export async function markPrivateAnswers(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const access: Access | undefined = request.routeOptions.config.access;
  const cookieDependent = COOKIE_DEPENDENT_ROUTES.has(request.routeOptions.url ?? '');
  if (cookieDependent) reply.header('vary', withVary(reply.getHeader('vary'), 'Cookie'));
  const personal =
    (access !== undefined && access !== 'public') ||
    (cookieDependent && hasSessionCookie(request.headers.cookie)) ||
    reply.hasHeader('set-cookie');
  if (personal) reply.header('cache-control', PRIVATE_NO_STORE);
  return payload;
}

/** A Vary header value with `header` added once. */
export function withVary(current: unknown, header: string): string {
  const values = (Array.isArray(current) ? current.join(',') : typeof current === 'string' ? current : '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return values.some((value) => value.toLowerCase() === header.toLowerCase() || value === '*') ? values.join(', ') : [...values, header].join(', ');
}
