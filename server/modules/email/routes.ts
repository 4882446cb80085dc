import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailControlPatchSchema, emailControlSchema, emailTypeParamsSchema } from '#common/contracts/accounts.ts';
import { emailDeliverySchema } from '#common/contracts/email.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { EMAIL_TYPES } from '#common/rules/limits.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import { isEmailType, type EmailControlsService } from './controls.ts';

/** `deliveryConfigured` says whether SMTP is set up: the product tells people the truth before they count on an email. */
export function emailRoutes(controls: EmailControlsService, resolveUser: UserResolver, deliveryConfigured: () => boolean): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/email/delivery',
      {
        config: { access: 'user' },
        schema: {
          tags: ['email'],
          summary: 'Whether this server sends email (SMTP configured), the time zone your email follows and what is held for later',
          response: { 200: emailDeliverySchema, 401: errorResponseSchema },
        },
      },
      async (request) => ({ configured: deliveryConfigured(), ...(await controls.held((await currentUser(request, resolveUser))!.id)) }),
    );

    app.get(
      '/api/email/frequency-controls',
      { config: { access: 'user' }, schema: { tags: ['email'], response: { 200: z.object({ controls: z.array(emailControlSchema) }), 401: errorResponseSchema } } },
      async (request) => ({ controls: await controls.list((await currentUser(request, resolveUser))!.id) }),
    );

    app.patch(
      '/api/email/frequency-controls/:emailType',
      {
        config: { access: 'user' },
        schema: {
          tags: ['email'],
          params: emailTypeParamsSchema,
          body: emailControlPatchSchema,
          response: { 200: z.object({ control: emailControlSchema }), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { emailType } = request.params;
        if (!isEmailType(emailType)) {
          return reply.code(404).send({ message: `Unknown email type '${emailType}'. Known types: ${EMAIL_TYPES.join(', ')}.` });
        }
        const { frequency, maxEmailsPerDay, digestMode, quietHoursStart, quietHoursEnd, timezone, isActive } = request.body;
        const user = (await currentUser(request, resolveUser))!;
        const control = await controls.update(user.id, emailType, {
          frequency,
          maxEmailsPerDay,
          digestMode,
          quietHoursStart,
          quietHoursEnd,
          timezone,
          isActive,
        });
        return { control };
      },
    );
  };
}
