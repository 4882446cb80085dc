import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route acts only on a signed token in its own URL, never on cookies, so the token is the whole authority:
     * another site's request can do no more than anyone holding the link. Mail providers send RFC 8058's one-click
     * unsubscribe POST from their own servers and pages, so the route must take requests from any origin.
     */
    signedLinkOnly?: true;
  }
}

/**
 * Refuses state-changing requests sent by another site, to every route: no path is left out, so no spelling
 * of one can be (a test of the raw URL's prefix let `/%61pi/...` through, which the router maps onto
 * `/api/...`). Browsers send `Origin` (or at least `Referer`, and `Sec-Fetch-Site`) with such requests, and a
 * page cannot forge them; clients that send none of them (scripts, curl) are not browsers carrying someone's
 * cookies, so they pass. Cookies are SameSite=Lax too. Routes marked `signedLinkOnly` are the one exception.
 */
export function originCheck(trustedOrigins: () => string[]) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.signedLinkOnly) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const allowed = new Set([ownOrigin, ...trustedOrigins()]);
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    const crossSite = fetchSite === 'cross-site' || (origin !== undefined && origin !== 'null' ? !allowed.has(origin) : origin === 'null');
    if (crossSite) {
      await reply.code(403).send({ message: 'Cross-site request refused.' });
    }
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
