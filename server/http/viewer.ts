import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Who is viewing, as an opaque key: a keyed hash of the person's id, or for a visitor of their address and browser,
 * within a scope (a day, say, so keys of different days cannot be linked). Counting views once per key needs no
 * more, and neither an address nor who read what is stored.
 */
export function viewerKey(secret: string, request: FastifyRequest, userId: string | null, scope = ''): string {
  const who = userId ? `user:${userId}` : `visitor:${request.ip}\n${request.headers['user-agent'] ?? ''}`;
  return createHmac('sha256', secret).update(`${scope}\n${who}`).digest('base64url');
}
