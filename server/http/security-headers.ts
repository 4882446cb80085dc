import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. They are the same for every request, but
 * @fastify/helmet builds a new helmet middleware per request, and parsing the Content-Security-Policy each time
 * was an eighth of the HTTP thread's work under load (docs/performance.md).
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    finished = true;
  });
  // Helmet's middleware is synchronous; were that to change, the headers above would be incomplete.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Sets helmet's headers for `options` on every answer, errors and 404s included, from the start of the request. */
export function installSecurityHeaders(server: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  server.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
