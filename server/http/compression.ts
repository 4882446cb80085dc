import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { withVary } from './caching.ts';

/**
 * Brotli as the server compresses what it sends: quality 4 compresses nearly as well as gzip -9 for a fraction of
 * the time of brotli's default quality 11. Used by the compression plugin and for the API's answers.
 */
export const BROTLI_OPTIONS: BrotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encodings the server sends, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The first of our encodings the Accept-Encoding header allows (q=0 refuses one) that is `available`. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined, available: readonly Encoding[] = ENCODINGS): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  if (header === '') return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  for (const encoding of ENCODINGS) {
    if (available.includes(encoding) && (accepted.has(encoding) || accepted.has('*'))) return encoding;
  }
  return null;
}

/**
 * The encoding to send an answer in, as the request accepts (none when it says `x-no-compression`, as the plugin
 * honours); notes on the reply that the answer varies with the request's Accept-Encoding.
 */
export function answerEncoding(request: FastifyRequest, reply: FastifyReply): Encoding | null {
  reply.header('vary', withVary(reply.getHeader('vary'), 'Accept-Encoding'));
  return request.headers['x-no-compression'] === undefined ? preferredEncoding(request.headers['accept-encoding']) : null;
}

/**
 * Brotli for the signed-in home, rendered for each request on the render thread: quality 6, for the bytes a slow
 * network waits for before the page shows (with 15 cards, 17.6 KB against 23 at quality 2 and 17.8 at 5, in the
 * same 2.1 ms as 5; quality 7 takes 15 ms, 10 takes 41 for 16.4 KB).
 */
export const RENDERED_PAGE_BROTLI_OPTIONS: BrotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } };

/**
 * Quality 3 for a story page, the render threads' busiest page: 12.6 KB, within a new connection's first round trip
 * (about 14 KB with the headers), against 12.0 at quality 4 and 11.3 at 5, in 0.45 ms against 0.75 and 1.0. The
 * longest histories (a snapshot a minute for two days) take 14.7 KB, against 14.0 at quality 4: a round trip more
 * at any quality up to 5.
 */
export const STORY_PAGE_BROTLI_OPTIONS: BrotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } };

/** `data` compressed in `encoding`, at once (the plugin's streams cost more than the compression of a small body). */
export function compressSync(data: string | Uint8Array, encoding: Encoding, brotliOptions: BrotliOptions = BROTLI_OPTIONS): Buffer {
  return encoding === 'br' ? brotliCompressSync(data, brotliOptions) : gzipSync(data);
}

/**
 * `data` compressed in `encoding` at the strongest settings, on libuv's threads: for what is compressed once and sent
 * many times (the build's files, the kept landing page).
 */
export const compressStrongest: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => promisify(brotliCompress)(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
  gzip: (data) => promisify(gzip)(data, { level: zlibConstants.Z_BEST_COMPRESSION }),
};

/** Below this an answer goes out as it is: compressing would save about a header's worth. */
export const COMPRESS_FROM_BYTES = 1024;
/** Up to this, an answer is compressed at once on the HTTP thread (a fraction of a millisecond); above, by the plugin. */
const COMPRESS_AT_ONCE_UP_TO_BYTES = 64 * 1024;
const JSON_TYPE = /^application\/json\b/;

/**
 * Compresses JSON answers of 1-64 KB in one call, as the request accepts, before the compression plugin sees them:
 * the plugin compresses through streams, which for an answer of a few kilobytes cost several times the answer itself
 * (a cached list for a browser: 4,350 requests a second against 25,300 uncompressed). The plugin leaves a compressed
 * body alone, and still compresses larger answers and streams, off the HTTP thread. Register it before the plugin.
 */
export function compressAnswersAtOnce(server: FastifyInstance): void {
  // A callback rather than an async function: it runs for every answer, and most need nothing from it.
  server.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (payload.length < COMPRESS_FROM_BYTES || payload.length > COMPRESS_AT_ONCE_UP_TO_BYTES) return done(null, payload);
    if (reply.hasHeader('content-encoding') || !JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    const encoding = answerEncoding(request, reply);
    if (encoding === null) return done(null, payload);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    done(null, compressSync(payload, encoding));
  });
}
