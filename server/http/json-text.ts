import type { FastifyReply } from 'fastify';

const passThrough = (payload: unknown): string => payload as string;

/**
 * Sends a body that is already JSON of the route's declared shape (answers cached as text): re-serialising it per
 * request would cost as much as the rest of a cached answer.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').serializer(passThrough).send(json as never);
}
