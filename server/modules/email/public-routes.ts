import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, imageResponseSchema, redirectResponseSchema } from '#common/contracts/errors.ts';
import { unsubscribeParamsSchema, unsubscribeQuerySchema, unsubscribeResponseSchema } from '#common/contracts/email.ts';
import { INVALID_UNSUBSCRIBE, type EmailService } from './service.ts';
import type { EmailSigner } from '../../email/tokens.ts';

/** A transparent 1x1 GIF: the open pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const trackParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'token is invalid'), signature: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'signature is invalid') });

/**
 * The calls email links make, for anyone holding the link: unsubscribe (the RFC 8058 one-click POST a mail client
 * sends, which the page's button sends too), the open pixel and tracked clicks. Each is authorised by its signature,
 * not a session.
 */
export function emailPublicRoutes(email: EmailService, signer: EmailSigner, now: () => number): FastifyPluginAsyncZod {
  return async (app) => {
    // Mail clients post the one-click body as a form (`List-Unsubscribe=One-Click`); its content says nothing more.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, String(body)));
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, String(body)));

    const query = { tags: ['email'], params: unsubscribeParamsSchema, querystring: unsubscribeQuerySchema };

    // Opening the link (a person, a mail client without one-click, or a scanner checking links) changes nothing: it
    // leads to the page whose button sends the POST below. HEAD, which Fastify answers from this route, the same.
    app.get('/api/unsubscribe/:token', { config: { access: 'public', duringMaintenance: 'open' }, schema: { ...query, response: { 303: redirectResponseSchema, 400: errorResponseSchema } } }, async (request, reply) => {
      const { type } = request.query;
      return reply.redirect(`/unsubscribe/${encodeURIComponent(request.params.token)}${type ? `?type=${type}` : ''}`, 303);
    });

    // Only a POST acts (RFC 8058): the mail client's one-click, and the page's button.
    app.post(
      '/api/unsubscribe/:token',
      {
        // Leaving the mail stays possible while the site is in maintenance: the links are in email already sent.
        config: { access: 'public', signedLinkOnly: true, duringMaintenance: 'open' },
        schema: { ...query, response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema } },
      },
      async (request, reply) => {
        const type = request.query.type ?? null;
        const userId = signer.verifyUnsubscribe(request.params.token, type);
        if (!userId) return reply.code(400).send({ message: INVALID_UNSUBSCRIBE });
        return email.unsubscribe(userId, type);
      },
    );

    app.get('/api/email/open/:token/:signature', { config: { access: 'public', duringMaintenance: 'open' }, schema: { tags: ['email'], params: trackParams, response: { 200: imageResponseSchema('A 1x1 transparent GIF'), 400: errorResponseSchema } } }, async (request, reply) => {
      const { token, signature } = request.params;
      if (signer.verifyOpen(token, signature)) await email.track(token, 'open', now());
      return reply.header('content-type', 'image/gif').header('cache-control', 'no-store').send(PIXEL);
    });

    app.get(
      '/api/email/click/:token/:signature',
      {
        // An email's links lead to the article or the discussion on Hacker News, which maintenance does not close.
        config: { access: 'public', duringMaintenance: 'open' },
        schema: { tags: ['email'], params: trackParams, querystring: z.object({ u: z.string().max(4000, 'u is too long') }), response: { 302: redirectResponseSchema, 400: errorResponseSchema } },
      },
      async (request, reply) => {
        const { token, signature } = request.params;
        const target = request.query.u;
        // Only a link the server signed for this email is followed: the counter is no open redirect.
        if (!/^https?:\/\//.test(target) || !signer.verifyClick(token, target, signature)) {
          return reply.code(400).send({ message: 'This link is invalid or has been changed.' });
        }
        await email.track(token, 'click', now());
        return reply.redirect(target, 302);
      },
    );
  };
}
