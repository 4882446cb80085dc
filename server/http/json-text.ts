import type { FastifyReply } from 'fastify';
import { RecentMap } from '../recent-map.ts';
import { answerEncoding, COMPRESS_FROM_BYTES, compressSync, ENCODINGS, type Encoding } from './compression.ts';

const passThrough = (payload: unknown): string => payload as string;

/** An answer's body: text, or text already encoded in UTF-8 (a feed, kept as the bytes it is sent as). */
type Body = string | Buffer;

/**
 * Compressed copies kept, per encoding, of answers up to KEPT_UP_TO_CHARACTERS long. A copy holds its text as its
 * key, so this bounds their memory at about 25 MB, most of it text the answers' caches hold anyway; a page of 25
 * stories is about 17,000 characters and 3 KB compressed. A longer answer (a page of hundreds of stories) is
 * compressed each time it is sent.
 */
const KEPT_COPIES = 200;
const KEPT_UP_TO_CHARACTERS = 64 * 1024;

/**
 * Compressed copies of answers sent as JSON, by the answer itself. A cached answer is the same string (or the same
 * buffer) every time it is sent, so the copy is found by it (a string by its text, whose hash the engine keeps with
 * it; a buffer by identity) and each cached answer is compressed once per encoding rather than once per request.
 */
const compressedCopies = Object.fromEntries(ENCODINGS.map((encoding) => [encoding, new RecentMap<Body, Buffer>(KEPT_COPIES)])) as Record<
  Encoding,
  RecentMap<Body, Buffer>
>;

/**
 * Buffers sent once. An answer made as bytes is kept by its cache only once asked twice (ListCache), so a buffer's
 * compressed copy is kept from its second sending: a page asked once would otherwise keep its copy, and itself as the
 * copy's key, for nothing.
 */
const sentOnce = new WeakSet<Buffer>();

function compressedCopy(json: Body, encoding: Encoding, keep: boolean): Buffer {
  if (!keep || json.length > KEPT_UP_TO_CHARACTERS) return compressSync(json, encoding);
  const copies = compressedCopies[encoding];
  let copy = copies.get(json);
  if (copy === undefined) {
    copy = compressSync(json, encoding);
    if (typeof json === 'string' || sentOnce.has(json)) copies.set(json, copy);
    else sentOnce.add(json);
  }
  return copy;
}

/**
 * Sends a body that is already JSON of the route's declared shape (answers cached as text): re-serialising it per
 * request would cost as much as the rest of a cached answer. It is compressed here, as the request accepts, and the
 * compressed copy of a cached answer is kept, so it is compressed once rather than for every request. An answer
 * built for one request and never cached (`cached: false`, a search) is compressed without keeping a copy, which
 * would only push out the copies of cached answers.
 */
export function sendJsonText(reply: FastifyReply, json: Body, { cached = true }: { cached?: boolean } = {}): FastifyReply {
  return sendText(reply, json, 'application/json; charset=utf-8', { cached });
}

/** sendJsonText's way with any text answer of the given media type (the feeds: XML and JSON Feed). */
export function sendText(reply: FastifyReply, json: Body, type: string, { cached = true }: { cached?: boolean } = {}): FastifyReply {
  reply.type(type);
  if (json.length < COMPRESS_FROM_BYTES) return sendAsItIs(reply, json);
  const encoding = answerEncoding(reply.request, reply);
  if (encoding === null) return sendAsItIs(reply, json);
  return reply.header('content-encoding', encoding).send(compressedCopy(json, encoding, cached));
}

/** A buffer goes out as it is; text is kept from the route's serializer, which would quote it again. */
function sendAsItIs(reply: FastifyReply, json: Body): FastifyReply {
  return typeof json === 'string' ? reply.serializer(passThrough).send(json as never) : reply.send(json);
}
