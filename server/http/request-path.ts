import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One path, one spelling. The router decodes `%61` to `a`, resolves `%2e%2e` and strips an absolute-form
 * `http://host` before it matches a route, so `/%61pi/bookmarks` reaches the `/api/bookmarks` handler while
 * anything comparing the raw URL sees another path. Browsers never send these spellings for a link of ours:
 * they resolve dot segments and do not encode unreserved characters. So a request spelled any other way is
 * refused before anything else runs, and the checks themselves decide on the matched route besides.
 */
const UNRESERVED_OR_SLASH_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2d|2e|5f|7e|2f|5c)/i;
const CONTROL_ESCAPE = /%(?:[01][0-9a-f]|7f)/i;
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;

/** The path part of a request target, without the query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Why a request target is not in its one canonical spelling, or null when it is. */
export function nonCanonicalReason(url: string): string | null {
  if (url.includes('#')) return 'a request target has no fragment';
  const path = pathOf(url);
  if (!path.startsWith('/')) return 'the path must start with /';
  if (path.includes('\\')) return 'the path contains a backslash';
  if (path.includes('//')) return 'the path contains an empty segment (//)';
  if (DOT_SEGMENT.test(path)) return 'the path contains a dot segment (/./ or /../)';
  if (MALFORMED_ESCAPE.test(path)) return 'the path contains a malformed percent escape';
  if (UNRESERVED_OR_SLASH_ESCAPE.test(path)) return 'the path percent-encodes a character that is written as it is';
  if (CONTROL_ESCAPE.test(path)) return 'the path contains a control character';
  return null;
}

/** Refuses, with 400, every request whose path is not spelled canonically. Registered before every other hook. */
export async function refuseNonCanonicalPaths(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const reason = nonCanonicalReason(request.url);
  if (reason) await reply.code(400).send({ message: `Invalid request path: ${reason}.`, issues: [{ path: 'url', message: reason }] });
}

const API_PATH = /^\/api(?:\/|$)/;

/**
 * Whether a request is for the API: by the route the router matched, or, when it matched none or only the web
 * app's catch-all, by its path (a mistyped API path is still an API request, for the rate limit).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && API_PATH.test(route)) || API_PATH.test(pathOf(request.url).toLowerCase());
}

/**
 * The path a Fetch API handler (better-auth) acts on: the target resolved as `new URL()` resolves it (dot
 * segments, backslashes) and percent-decoded, as its router matches. Limits keyed on a path compare this one.
 */
export function resolvedPathname(url: string): string {
  const { pathname } = new URL(url, 'http://resolved.invalid');
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
