import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Bounds on JSON request bodies. No request of the API carries more than a few kilobytes (the longest is a contact
 * message of 5,000 characters), and none nests deeper than three levels; a body deeper than this only serves to
 * overflow the stack of whatever walks or re-serialises it (the sign-in forwarding did, a 500).
 */
export const API_BODY_LIMIT_BYTES = 100 * 1024;
export const MAX_JSON_DEPTH = 32;

/** Whether the JSON text nests objects and arrays deeper than `max`: one pass over the text, before any parsing. */
export function jsonNestsDeeperThan(body: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (++depth > max) return true;
    } else if (char === '}' || char === ']') depth--;
  }
  return false;
}

/** Replaces Fastify's JSON parser by the same parser behind the depth check: a too deep body is a 400. */
export function installJsonBodyParser(server: FastifyInstance): void {
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const json = body as string;
    if (jsonNestsDeeperThan(json, MAX_JSON_DEPTH)) {
      done(new HttpError(400, `The request body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parseJson(request, json, done);
  });
}
