import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authRequestSchemas,
  currentUserSchema,
  deleteAccountSchema,
  loginQuerySchema,
  onboardingSchema,
  preferencesPatchSchema,
  preferencesResponseSchema,
  profileParamsSchema,
  profileResponseSchema,
  profileUpdateSchema,
  providersResponseSchema,
  type AuthRequestPath,
} from '#common/contracts/accounts.ts';
import { errorResponseSchema, redirectResponseSchema } from '#common/contracts/errors.ts';
import { currentUser, hasRole, type UserResolver } from '../../http/access.ts';
import type { DatabaseRateLimiter } from '../../http/rate-limit.ts';
import { tooManyRequestsMessage } from '../../http/rate-limit.ts';
import { resolvedPathname } from '../../http/request-path.ts';
import { safeReturnPath } from '#common/rules/return-path.ts';
import { sendWebResponse, toHeaders, toWebRequest } from '../../http/web-request.ts';
import { confirmIdentity, FRESH_SESSION_MINUTES, type Auth, type IdentityCheck, type ProviderInfo } from './auth.ts';
import type { AccountsService } from './service.ts';
import { SignInLimits } from './sign-in-limits.ts';
import { SignUpLimits } from './sign-up-limits.ts';

/** The better-auth endpoints that check a password, behind the brute-force limits (sign-in-limits.ts). */
const LIMITED_AUTH_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/change-password']);
/** Sign-up with email and password: the one endpoint that mails an address nobody has confirmed (sign-up-limits.ts). */
const SIGN_UP_PATH = '/api/auth/sign-up/email';
const AUTH_BASE_PATH = '/api/auth';
const SIGN_UP_ENDPOINT = 'sign-up/email';

/** The schema of a better-auth endpoint's body, or null for endpoints the product does not use (refused). */
function authRequestSchema(path: string) {
  const endpoint = path.slice(AUTH_BASE_PATH.length);
  return Object.hasOwn(authRequestSchemas, endpoint) ? authRequestSchemas[endpoint as AuthRequestPath] : null;
}

/** A 400 in the shape every route answers bad input with. */
function invalidBody(error: z.ZodError) {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { message: `Invalid body: ${issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ')}`, issues };
}

const IDENTITY_REFUSALS: Record<Exclude<IdentityCheck, 'confirmed'>, string> = {
  'password-missing': 'Enter your password to delete your account.',
  'password-wrong': 'That password is not correct.',
  'session-stale': `Please sign in again to delete your account (within ${FRESH_SESSION_MINUTES} minutes of signing in).`,
  'signed-out': 'Unauthorized',
};

/** A refused attempt (wrong password, weak new password, taken address) counts toward the account's limit. */
const isRefusal = (status: number) => status >= 400 && status < 500;

function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number, message = tooManyRequestsMessage(retryAfterSeconds)) {
  return reply.code(429).header('retry-after', retryAfterSeconds).send({ message });
}

interface AccountsRouteDeps {
  auth: Auth;
  service: AccountsService;
  resolveUser: UserResolver;
  limiter: DatabaseRateLimiter;
  providers: ProviderInfo[];
  localAccounts: boolean;
  signInAttemptsPerMinute: number;
  signUps: { perAddressPerHour: number; perDomainPerHour: number };
}

export function accountsRoutes(deps: AccountsRouteDeps): FastifyPluginAsyncZod {
  const { auth, service, resolveUser, limiter, providers, localAccounts } = deps;
  const me = async (request: FastifyRequest) => (await currentUser(request, resolveUser))!;
  const signInLimits = new SignInLimits(limiter, deps.signInAttemptsPerMinute);
  const signUpLimits = new SignUpLimits(limiter, deps.signUps);
  /** The account whose password a limited request checks: the one named in the body, else the signed-in one. */
  const passwordAccount = async (request: FastifyRequest) =>
    (request.body as { email?: string }).email?.toLowerCase() ?? (await currentUser(request, resolveUser))?.email;

  return async (app) => {
    // better-auth's own endpoints (sign-in, sign-up, OAuth callbacks, sessions), behind our rate limits.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      // Signing in stays open in maintenance mode, so an admin can get in; signing up waits for the site to reopen.
      config: { access: 'public', duringMaintenance: (request) => (request.params as { '*': string })['*'] !== SIGN_UP_ENDPOINT },
      schema: { hide: true },
      handler: async (request, reply) => {
        // The path better-auth will act on, not the spelling that came in (`/api/auth/./sign-in/email` is sign-in).
        const path = resolvedPathname(request.url);
        if (request.method === 'POST') {
          // Bodies are checked before better-auth sees them, and only the checked fields are passed on.
          const schema = authRequestSchema(path);
          if (!schema) return reply.code(404).send({ message: 'There is no such sign-in action.' });
          const body = schema.safeParse(request.body ?? {});
          if (!body.success) return reply.code(400).send(invalidBody(body.error));
          request.body = body.data;
        }
        const limited = request.method === 'POST' && LIMITED_AUTH_PATHS.has(path);
        const account = limited ? await passwordAccount(request) : undefined;
        if (limited) {
          const verdict = await signInLimits.attempt(request.ip, account);
          if (!verdict.allowed) return tooManyRequests(reply, verdict.retryAfterSeconds);
        }
        if (request.method === 'POST' && path === SIGN_UP_PATH) {
          const verdict = await signUpLimits.attempt(request.ip, (request.body as { email: string }).email);
          if (!verdict.allowed) return tooManyRequests(reply, verdict.retryAfterSeconds, verdict.message);
        }
        const response = await auth.handler(toWebRequest(request));
        if (limited && account && isRefusal(response.status)) await signInLimits.failed(request.ip, account);
        await sendWebResponse(reply, response);
        return reply;
      },
    });

    app.get(
      '/api/auth/user',
      {
        config: { access: 'user', duringMaintenance: 'open' },
        schema: { tags: ['accounts'], summary: 'The signed-in person', response: { 200: currentUserSchema, 401: errorResponseSchema } },
      },
      async (request) => me(request),
    );

    // The web app's "who am I" as it starts: a visitor is an ordinary answer (200 null), not a 401 the browser
    // logs as a failed request on every visitor's page load. /api/auth/user keeps the spec's 401.
    app.get(
      '/api/auth/me',
      {
        config: { access: 'public', duringMaintenance: 'open' },
        schema: { tags: ['accounts'], summary: 'The signed-in person, or null for a visitor', response: { 200: currentUserSchema.nullable() } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return (await currentUser(request, resolveUser)) ?? null;
      },
    );

    app.get(
      '/api/auth/providers',
      {
        config: { access: 'public', duringMaintenance: 'open' },
        schema: { tags: ['accounts'], summary: 'How people can sign in', response: { 200: providersResponseSchema } },
      },
      async () => ({ localAccounts, providers }),
    );

    app.get(
      '/api/login',
      {
        config: { access: 'public', duringMaintenance: 'open' },
        schema: {
          tags: ['accounts'],
          summary: 'Start signing in (browser navigation)',
          querystring: loginQuerySchema,
          response: { 302: redirectResponseSchema, 400: errorResponseSchema },
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
      {
        // Outside the API's general limit: signing out always works. A browser's navigation here that met the limit
        // showed the person the 429's JSON, still signed in; the call only ends the session its cookie names.
        config: { access: 'public', duringMaintenance: 'open', rateLimit: false },
        schema: {
          tags: ['accounts'],
          summary: 'Sign out (browser navigation)',
          description: "Not counted against the API's limit: signing out always works.",
          response: { 302: redirectResponseSchema },
        },
      },
      async (request, reply) => {
        const response = await auth.api.signOut({ headers: toHeaders(request.headers), asResponse: true });
        reply.header('set-cookie', response.headers.getSetCookie());
        return reply.redirect('/', 302);
      },
    );

    app.get(
      '/api/user/preferences',
      { config: { access: 'user' }, schema: { tags: ['accounts'], response: { 200: preferencesResponseSchema, 401: errorResponseSchema } } },
      async (request) => {
        const userId = (await me(request)).id;
        const [preferences, defaults] = await Promise.all([service.preferences(userId), service.defaultPreferences()]);
        return { preferences, defaults };
      },
    );

    app.patch(
      '/api/user/preferences',
      {
        config: { access: 'user' },
        schema: { tags: ['accounts'], body: preferencesPatchSchema, response: { 200: preferencesResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema } },
      },
      async (request) => {
        const preferences = await service.updatePreferences((await me(request)).id, request.body);
        return { preferences, defaults: await service.defaultPreferences() };
      },
    );

    app.post(
      '/api/user/onboarding/complete',
      {
        config: { access: 'user' },
        schema: { tags: ['accounts'], body: onboardingSchema, response: { 200: z.object({ user: currentUserSchema }), 400: errorResponseSchema, 401: errorResponseSchema } },
      },
      async (request) => ({ user: await service.completeOnboarding((await me(request)).id, request.body) }),
    );

    app.get(
      '/api/profile/:identifier',
      {
        config: { access: 'public' },
        schema: { tags: ['accounts'], params: profileParamsSchema, response: { 200: profileResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema } },
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
        schema: { tags: ['accounts'], body: profileUpdateSchema, response: { 200: profileResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema } },
      },
      async (request) => ({ profile: await service.updateProfile((await me(request)).id, request.body) }),
    );

    app.get(
      '/api/user/export',
      {
        config: { access: 'user' },
        schema: { tags: ['accounts'], summary: 'Download all my data as JSON', response: { 200: z.unknown().describe('Everything the account holds, as a JSON file to download'), 401: errorResponseSchema } },
      },
      async (request, reply) => {
        const data = await service.exportData((await me(request)).id);
        return reply
          .header('content-disposition', 'attachment; filename="hn-trends-my-data.json"')
          .send(data);
      },
    );

    app.delete(
      '/api/user',
      {
        config: { access: 'user' },
        schema: {
          tags: ['accounts'],
          summary: 'Delete my account and everything that belongs to it (with the password, for accounts that have one; 409 for the last admin)',
          body: deleteAccountSchema,
          response: { 200: z.object({ deleted: z.literal(true) }), 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        // A session alone (borrowed, or left open on a shared computer) is not enough to delete an account.
        const user = await me(request);
        const verdict = await signInLimits.attempt(request.ip, user.email);
        if (!verdict.allowed) return tooManyRequests(reply, verdict.retryAfterSeconds);
        const identity = await confirmIdentity(auth, toHeaders(request.headers), request.body?.password);
        if (identity === 'password-wrong') await signInLimits.failed(request.ip, user.email);
        if (identity !== 'confirmed') return reply.code(identity === 'password-missing' ? 400 : 403).send({ message: IDENTITY_REFUSALS[identity] });
        await service.deleteAccount(user.id);
        // The session went with the account; clear the cookie too.
        const response = await auth.api.signOut({ headers: toHeaders(request.headers), asResponse: true }).catch(() => null);
        if (response) reply.header('set-cookie', response.headers.getSetCookie());
        return { deleted: true as const };
      },
    );
  };
}
