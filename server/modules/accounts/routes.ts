import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentUserSchema,
  loginQuerySchema,
  onboardingSchema,
  preferencesPatchSchema,
  preferencesResponseSchema,
  profileParamsSchema,
  profileResponseSchema,
  profileUpdateSchema,
  providersResponseSchema,
} from '../../../common/contracts/accounts.ts';
import { errorResponseSchema } from '../../../common/contracts/errors.ts';
import { currentUser, hasRole, type UserResolver } from '../../http/access.ts';
import { DatabaseRateLimiter, tooManyRequestsMessage } from '../../http/rate-limit.ts';
import { safeReturnPath } from '../../../common/rules/return-path.ts';
import { sendWebResponse, toHeaders, toWebRequest } from '../../http/web-request.ts';
import type { Auth, ProviderInfo } from './auth.ts';
import type { AccountsService } from './service.ts';

/** Sign-in and sign-up attempts allowed per client address per minute, and per account per 15 minutes. */
const AUTH_LIMIT_PER_ADDRESS = { windowSeconds: 60, max: 10 };
const AUTH_LIMIT_PER_ACCOUNT = { windowSeconds: 15 * 60, max: 10 };
const LIMITED_AUTH_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

interface AccountsRouteDeps {
  auth: Auth;
  service: AccountsService;
  resolveUser: UserResolver;
  limiter: DatabaseRateLimiter;
  providers: ProviderInfo[];
  localAccounts: boolean;
}

export function accountsRoutes(deps: AccountsRouteDeps): FastifyPluginAsyncZod {
  const { auth, service, resolveUser, limiter, providers, localAccounts } = deps;
  const me = async (request: FastifyRequest) => (await currentUser(request, resolveUser))!;

  return async (app) => {
    // better-auth's own endpoints (sign-in, sign-up, OAuth callbacks, sessions), behind our rate limits.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: { access: 'public' },
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = request.url.split('?')[0]!;
        if (request.method === 'POST' && LIMITED_AUTH_PATHS.has(path)) {
          const email = String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase();
          const checks = [
            limiter.hit(`auth:ip:${request.ip}`, AUTH_LIMIT_PER_ADDRESS.windowSeconds, AUTH_LIMIT_PER_ADDRESS.max),
            ...(email ? [limiter.hit(`auth:account:${email}`, AUTH_LIMIT_PER_ACCOUNT.windowSeconds, AUTH_LIMIT_PER_ACCOUNT.max)] : []),
          ];
          const refused = (await Promise.all(checks)).find((result) => !result.allowed);
          if (refused) {
            return reply
              .code(429)
              .header('retry-after', refused.retryAfterSeconds)
              .send({ message: tooManyRequestsMessage(refused.retryAfterSeconds) });
          }
        }
        await sendWebResponse(reply, await auth.handler(toWebRequest(request)));
        return reply;
      },
    });

    app.get(
      '/api/auth/user',
      {
        config: { access: 'user' },
        schema: { tags: ['accounts'], summary: 'The signed-in person', response: { 200: currentUserSchema, 401: errorResponseSchema } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return me(request);
      },
    );

    app.get(
      '/api/auth/providers',
      {
        config: { access: 'public' },
        schema: { tags: ['accounts'], summary: 'How people can sign in', response: { 200: providersResponseSchema } },
      },
      async () => ({ localAccounts, providers }),
    );

    app.get(
      '/api/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['accounts'],
          summary: 'Start signing in (browser navigation)',
          querystring: loginQuerySchema.extend({ provider: z.string().max(40).optional() }),
        },
      },
      async (request, reply) => {
        const returnTo = safeReturnPath(request.query.returnTo);
        // With one external provider and no local accounts, or when the sign-in page picked one, go straight there.
        const only = !localAccounts && providers.length === 1 ? providers[0]!.id : undefined;
        const providerId = request.query.provider ?? only;
        if (providerId && providers.some((provider) => provider.id === providerId)) {
          const response = await auth.api.signInSocial({
            body: { provider: providerId, callbackURL: returnTo, errorCallbackURL: '/signin?error=provider' },
            headers: toHeaders(request.headers),
            asResponse: true,
          });
          const { url } = (await response.clone().json()) as { url?: string };
          reply.header('set-cookie', response.headers.getSetCookie());
          return reply.redirect(url ?? '/signin?error=provider', 302);
        }
        return reply.redirect(`/signin?returnTo=${encodeURIComponent(returnTo)}`, 302);
      },
    );

    app.get(
      '/api/logout',
      { config: { access: 'public' }, schema: { tags: ['accounts'], summary: 'Sign out (browser navigation)' } },
      async (request, reply) => {
        const response = await auth.api.signOut({ headers: toHeaders(request.headers), asResponse: true });
        reply.header('set-cookie', response.headers.getSetCookie());
        return reply.redirect('/', 302);
      },
    );

    app.get(
      '/api/user/preferences',
      { config: { access: 'user' }, schema: { tags: ['accounts'], response: { 200: preferencesResponseSchema } } },
      async (request) => ({ preferences: await service.preferences((await me(request)).id) }),
    );

    app.patch(
      '/api/user/preferences',
      {
        config: { access: 'user' },
        schema: { tags: ['accounts'], body: preferencesPatchSchema, response: { 200: preferencesResponseSchema, 400: errorResponseSchema } },
      },
      async (request) => ({ preferences: await service.updatePreferences((await me(request)).id, request.body) }),
    );

    app.post(
      '/api/user/onboarding/complete',
      {
        config: { access: 'user' },
        schema: { tags: ['accounts'], body: onboardingSchema, response: { 200: z.object({ user: currentUserSchema }), 400: errorResponseSchema } },
      },
      async (request) => ({ user: await service.completeOnboarding((await me(request)).id, request.body) }),
    );

    app.get(
      '/api/profile/:identifier',
      {
        config: { access: 'public' },
        schema: { tags: ['accounts'], params: profileParamsSchema, response: { 200: profileResponseSchema, 404: errorResponseSchema } },
      },
      async (request) => {
        const viewer = await currentUser(request, resolveUser);
        return { profile: await service.profile(request.params.identifier, { id: viewer?.id ?? null, isAdmin: hasRole(viewer, 'admin') }) };
      },
    );

    app.put(
      '/api/profile',
      {
        config: { access: 'user' },
        schema: { tags: ['accounts'], body: profileUpdateSchema, response: { 200: profileResponseSchema, 400: errorResponseSchema } },
      },
      async (request) => ({ profile: await service.updateProfile((await me(request)).id, request.body) }),
    );

    app.get(
      '/api/user/export',
      { config: { access: 'user' }, schema: { tags: ['accounts'], summary: 'Download all my data as JSON' } },
      async (request, reply) => {
        const data = await service.exportData((await me(request)).id);
        return reply
          .header('content-disposition', 'attachment; filename="hn-trends-my-data.json"')
          .header('cache-control', 'no-store')
          .send(data);
      },
    );

    app.delete(
      '/api/user',
      {
        config: { access: 'user' },
        schema: { tags: ['accounts'], summary: 'Delete my account and everything that belongs to it', response: { 200: z.object({ deleted: z.literal(true) }) } },
      },
      async (request, reply) => {
        await service.deleteAccount((await me(request)).id);
        // The session went with the account; clear the cookie too.
        const response = await auth.api.signOut({ headers: toHeaders(request.headers), asResponse: true }).catch(() => null);
        if (response) reply.header('set-cookie', response.headers.getSetCookie());
        return { deleted: true as const };
      },
    );
  };
}
