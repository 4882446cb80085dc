import type { FastifyRequest } from 'fastify';

/** A private feed's token in a path (docs/feeds.md, "Private feeds"): it opens the feed, so no log may hold it. */
const FEED_TOKEN_SEGMENT = /^(\/feeds\/private\/)[^/?#]*/;

/** A request's address as logs may keep it: a private feed's token replaced by `<token>`. */
export function redactedUrl(url: string): string {
  return url.replace(FEED_TOKEN_SEGMENT, '$1<token>');
}

/** Fastify's own request log fields, with the address redacted. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
