import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activitySchema,
  customContentResponseSchema,
  customContentSchema,
  emailLogsQuerySchema,
  emailLogsResponseSchema,
  emailStatusSchema,
  engagementSchema,
  newsletterStatsSchema,
  paginationSchema,
  previewResponseSchema,
  sendWeeklyDigestSchema,
  subscriberSchema,
  subscribersQuerySchema,
  successResponseSchema,
  testEmailSchema,
  weekOfQuerySchema,
} from '#common/contracts/email.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { weekOfSunday } from '#common/rules/email.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import { personalDigest, renderDigestTemplate } from './digest.ts';
import type { EmailService } from './service.ts';
import type { EmailAdminService } from './admin.ts';
import { actorOf } from '../admin/routes.ts';

/** What the admin email page says when delivery is off (the spec's "API key" note, for SMTP). */
export const DELIVERY_OFF_NOTE =
  'Email delivery is off: set the SMTP_URL environment variable (for example smtps://user:password@smtp.example.com:465) and restart. Until then, email is kept in the outbox below.';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema };

/** The admin email and newsletter calls (spec part 2 §7): admins only. */
export function emailAdminRoutes(email: EmailService, admin: EmailAdminService, from: string, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const me = async (request: Parameters<UserResolver>[0]) => (await currentUser(request, resolveUser))!;
    const config = { access: 'admin' as const };

    app.get('/api/admin/email-status', { config, schema: { tags: ['admin'], response: { 200: emailStatusSchema, ...errors } } }, async () => ({
      enabled: email.enabled,
      fromEmail: from,
      queued: await admin.queued(),
      note: email.enabled ? null : DELIVERY_OFF_NOTE,
    }));

    app.get(
      '/api/admin/email-logs',
      { config, schema: { tags: ['admin'], querystring: emailLogsQuerySchema, response: { 200: emailLogsResponseSchema, ...errors } } },
      async (request) => admin.logs(request.query),
    );

    app.post(
      '/api/admin/send-test-email',
      { config, schema: { tags: ['admin'], body: testEmailSchema, response: { 200: successResponseSchema, ...errors } } },
      async (request) => {
        const user = await me(request);
        await email.sendTest(user.id, request.body.type);
        await admin.audit(actorOf(request), 'email.test', { type: request.body.type });
        return { success: true, message: `Test ${request.body.type} email sent to ${user.email}.` };
      },
    );

    app.post(
      '/api/admin/send-weekly-digest',
      { config, schema: { tags: ['admin'], body: sendWeeklyDigestSchema.nullish(), response: { 200: successResponseSchema, ...errors } } },
      async (request, reply) => {
        const force = request.body?.force ?? false;
        const result = await email.sendWeeklyDigest(force);
        await admin.audit(actorOf(request), 'email.weekly_digest', { weekOf: result.weekOf, force, queued: result.queued, alreadySent: result.alreadySent });
        if (result.alreadySent) {
          return reply.code(409).send({ message: `The weekly newsletter for the week of ${result.weekOf} was already sent. Send it again to force a second copy.` });
        }
        const skipped = result.skipped ? ` (${result.skipped} skipped by daily limits)` : '';
        return { success: true, message: `Weekly newsletter for the week of ${result.weekOf} queued for ${result.queued} subscribers${skipped}.` };
      },
    );

    app.get(
      '/api/admin/newsletter/stats',
      { config, schema: { tags: ['admin'], response: { 200: newsletterStatsSchema, ...errors } } },
      async () => admin.stats(),
    );
    app.get(
      '/api/admin/newsletter/subscribers',
      {
        config,
        schema: { tags: ['admin'], querystring: subscribersQuerySchema, response: { 200: z.object({ subscribers: z.array(subscriberSchema), pagination: paginationSchema }), ...errors } },
      },
      async (request) => admin.subscribers(request.query.page, request.query.limit),
    );
    app.get(
      '/api/admin/newsletter/activity',
      { config, schema: { tags: ['admin'], response: { 200: z.object({ activity: z.array(activitySchema) }), ...errors } } },
      async () => ({ activity: await admin.activity() }),
    );
    app.get(
      '/api/admin/newsletter/analytics',
      { config, schema: { tags: ['admin'], response: { 200: z.object({ engagement: z.array(engagementSchema) }), ...errors } } },
      async () => ({ engagement: await admin.analytics() }),
    );

    const customPath = '/api/admin/digest/custom-content/weekly_digest';
    app.get(customPath, { config, schema: { tags: ['admin'], querystring: weekOfQuerySchema, response: { 200: customContentResponseSchema, ...errors } } }, async (request) => ({
      content: await admin.customContent(request.query.weekOf),
    }));
    app.post(customPath, { config, schema: { tags: ['admin'], body: customContentSchema, response: { 200: customContentResponseSchema, ...errors } } }, async (request) => ({
      content: await admin.saveCustomContent(actorOf(request), request.body),
    }));
    app.delete(
      customPath,
      { config, schema: { tags: ['admin'], querystring: weekOfQuerySchema, response: { 200: successResponseSchema, ...errors } } },
      async (request) => {
        const deleted = await admin.deleteCustomContent(actorOf(request), request.query.weekOf);
        return { success: true, message: deleted ? 'Custom content deleted.' : 'There was no custom content for that week.' };
      },
    );

    app.get(
      '/api/admin/digest/preview/weekly_digest',
      { config, schema: { tags: ['admin'], querystring: weekOfQuerySchema, response: { 200: previewResponseSchema, ...errors } } },
      async (request) => {
        const user = await me(request);
        const weekOf = weekOfSunday(request.query.weekOf);
        const composer = email.deps.composer;
        const template = await renderDigestTemplate(email.deps.pool, composer, weekOf);
        const preview = personalDigest(template, composer, { key: `preview:${weekOf}:${user.id}`, userId: user.id, email: user.email, name: user.displayName ?? user.email });
        return { previewHtml: preview.html };
      },
    );
  };
}
