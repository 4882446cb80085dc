import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { contactMessageSchema, okResponseSchema } from '#common/contracts/site.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import { tooManyRequestsMessage, type DatabaseRateLimiter } from '../../http/rate-limit.ts';
import { pruneContactMessages } from '../admin/site.ts';
import type { SettingsService } from '../settings/service.ts';
import type { ContactMessage } from '../email/contact-notice.ts';

/** Messages per client address per hour: enough for a person, too few for a spammer. */
export const CONTACT_LIMIT = { windowSeconds: 3600, max: 5 };

/** `notifyAdmins` emails the administrators about a stored message (through the outbox). */
export function contactRoutes(
  pool: pg.Pool,
  limiter: DatabaseRateLimiter,
  resolveUser: UserResolver,
  settings: SettingsService,
  notifyAdmins: (message: ContactMessage) => Promise<unknown>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/contact',
      {
        config: { access: 'public' },
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the people who run the site',
          body: contactMessageSchema,
          response: { 200: okResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const limit = await limiter.hit(`contact:ip:${request.ip}`, CONTACT_LIMIT.windowSeconds, CONTACT_LIMIT.max);
        if (!limit.allowed) {
          return reply.code(429).header('retry-after', limit.retryAfterSeconds).send({ message: tooManyRequestsMessage(limit.retryAfterSeconds) });
        }
        const user = await currentUser(request, resolveUser);
        const { name, email, subject, message } = request.body;
        const stored = await pool.query<{ id: string }>(
          `INSERT INTO contact_messages (name, email, subject, message, user_id, ip_address) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
          [name, email, subject, message, user?.id ?? null, request.ip],
        );
        // The message is kept whatever happens to the notice: a failure to queue it is logged, not the sender's problem.
        try {
          await notifyAdmins({ id: stored.rows[0]!.id, name, email, subject, message });
        } catch (error) {
          request.log.error({ err: error }, 'could not queue the admins\' notice of a contact message');
        }
        // Messages are kept for a bounded time (docs/admin.md): the table grows only here, so it is trimmed here.
        await pruneContactMessages(pool, settings);
        return { ok: true as const };
      },
    );
  };
}
