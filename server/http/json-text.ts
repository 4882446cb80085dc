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
 * Compressed copies of answers sent as JSON text, by the text itself. A cached answer is the same string every time
 * it is sent, so the copy is found by that string (whose hash the engine keeps with it) and each cached answer is
 * compressed once per encoding rather than once per request. An answer kept as bytes is the same Buffer every time,
 * found by that object.
 */
const compressedCopies = Object.fromEntries(ENCODINGS.map((encoding) => [encoding, new RecentMap<Body, Buffer>(KEPT_COPIES)])) as Record<
  Encoding,
  RecentMap<Body, Buffer>
>;

function compressedCopy(json: Body, encoding: Encoding, keep: boolean): Buffer {
  if (!keep || json.length > KEPT_UP_TO_CHARACTERS) return compressSync(json, encoding);
  const copies = compressedCopies[encoding];
  let copy = copies.get(json);
  if (copy === undefined) {
    copy = compressSync(json, encoding);
    copies.set(json, copy);
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
export function sendJsonText(reply: FastifyReply, json: string, { cached = true }: { cached?: boolean } = {}): FastifyReply {
  return sendText(reply, json, 'application/json; charset=utf-8', { cached });
}

/** sendJsonText's way with any text answer of the given media type (the feeds: XML and JSON Feed). */
export function sendText(reply: FastifyReply, json: Body, type: string, { cached = true }: { cached?: boolean } = {}): FastifyReply {
  reply.type(type);
  if (json.length < COMPRESS_FROM_BYTES) return reply.serializer(passThrough).send(json as never);
  const encoding = answerEncoding(reply.request, reply);
  if (encoding === null) return reply.serializer(passThrough).send(json as never);
  return reply.header('content-encoding', encoding).send(compressedCopy(json, encoding, cached));
}
