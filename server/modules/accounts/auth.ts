import { randomInt } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { adminEmails, publicUrl } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/accounts.ts';
import { AUTH_LIMITS } from '#common/contracts/accounts.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/rules/password.ts';
import { passwordProblem } from './password.ts';
import { AUTH_COOKIE_PREFIX } from '../../http/session-cookie.ts';

export interface ProviderInfo {
  id: string;
  name: string;
  kind: 'social' | 'oidc';
}

/** The external sign-in providers configured by environment variables. */
export function configuredProviders(config: Config): ProviderInfo[] {
  const providers: ProviderInfo[] = [];
  if (config.GITHUB_CLIENT_ID) providers.push({ id: 'github', name: 'GitHub', kind: 'social' });
  if (config.GOOGLE_CLIENT_ID) providers.push({ id: 'google', name: 'Google', kind: 'social' });
  if (config.OIDC_CLIENT_ID) providers.push({ id: 'oidc', name: config.OIDC_NAME, kind: 'oidc' });
  return providers;
}

/** Our columns on the users table, known to better-auth but never settable through its endpoints. */
const additionalField = <T extends 'string' | 'boolean'>(type: T, defaultValue?: string | boolean) =>
  defaultValue === undefined
    ? ({ type, required: false, input: false } as const)
    : ({ type, required: false, input: false, defaultValue } as const);

export function createAuth(options: {
  config: Config;
  db: Db;
  secret: string;
  trustedOrigins: (request?: Request) => string[];
  /** Called once an account exists (the welcome email); its failure never fails the sign-up. */
  onUserCreated?: (userId: string) => Promise<void>;
}) {
  const { config, db } = options;
  const baseURL = publicUrl(config);
  const admins = new Set(adminEmails(config));
  const handles = new HandleReservations();
  return betterAuth({
    appName: 'HN Trends',
    baseURL,
    basePath: '/api/auth',
    secret: options.secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: 'pg', schema: { user: users, session: sessions, account: accounts, verification: verifications } }),
    trustedOrigins: (request) => options.trustedOrigins(request),
    emailAndPassword: {
      enabled: config.LOCAL_ACCOUNTS,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
    },
    socialProviders: {
      ...(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET
        ? { github: { clientId: config.GITHUB_CLIENT_ID, clientSecret: config.GITHUB_CLIENT_SECRET } }
        : {}),
      ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
        : {}),
    },
    plugins: config.OIDC_ISSUER && config.OIDC_CLIENT_ID
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'oidc',
                discoveryUrl: `${config.OIDC_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                clientId: config.OIDC_CLIENT_ID,
                clientSecret: config.OIDC_CLIENT_SECRET,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    session: {
      expiresIn: config.SESSION_TTL_HOURS * 3600,
      // Refresh the expiry at most daily, so an active person stays signed in without a write per request.
      updateAge: 24 * 3600,
    },
    // Our own limits sit in front (per address and per account, shared across instances).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: baseURL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: config.TRUST_PROXY ? ['x-forwarded-for'] : [] },
    },
    user: {
      modelName: 'user',
      additionalFields: {
        role: additionalField('string', 'user'),
        handle: additionalField('string'),
        firstName: additionalField('string'),
        lastName: additionalField('string'),
        displayName: additionalField('string'),
        isPublic: additionalField('boolean', true),
        onboardingCompleted: additionalField('boolean', false),
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The password rules hold wherever a password is set: sign-up, change and reset alike.
        const candidate = await passwordBeingSet(ctx);
        const problem = candidate && passwordProblem(candidate.password, candidate.email);
        if (problem) throw new APIError('BAD_REQUEST', { message: problem });
        // A new password signs out every other session (a thief's included), whatever the client asked for.
        if (ctx.path === '/change-password') return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const [{ value: existing } = { value: 0 }] = await db.select({ value: count() }).from(users);
            const email = user.email.toLowerCase();
            // Our endpoints bound the name; an external provider's could be any length.
            const name = user.name?.slice(0, AUTH_LIMITS.name) ?? '';
            const names = splitName(name);
            return {
              data: {
                ...user,
                name,
                email,
                // The first account runs the site; ADMIN_EMAILS names more.
                role: existing === 0 || admins.has(email) ? 'admin' : 'user',
                handle: await uniqueHandle(db, name || email.split('@')[0]!, handles),
                displayName: name || null,
                firstName: names.first,
                lastName: names.last,
              },
            };
          },
          after: async (user) => {
            handles.release((user as { handle?: string }).handle);
            await options.onUserCreated?.(user.id);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** How recent a session must be to stand in for a password, for accounts that have none (external sign-in only). */
export const FRESH_SESSION_MINUTES = 10;

export type IdentityCheck = 'confirmed' | 'password-missing' | 'password-wrong' | 'session-stale' | 'signed-out';

/**
 * Whether the person behind a request has just proved who they are, before something that cannot be undone:
 * their password for accounts that have one, else a session signed in within FRESH_SESSION_MINUTES (a borrowed
 * or long-lived session alone is not enough).
 */
export async function confirmIdentity(auth: Auth, headers: Headers, password: string | undefined): Promise<IdentityCheck> {
  const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return 'signed-out';
  const context = await auth.$context;
  const credential = await context.internalAdapter.findCredentialAccount(session.user.id);
  if (credential?.password) {
    if (!password) return 'password-missing';
    return (await context.password.verify({ hash: credential.password, password })) ? 'confirmed' : 'password-wrong';
  }
  const age = Date.now() - new Date(session.session.createdAt).getTime();
  return age <= FRESH_SESSION_MINUTES * 60_000 ? 'confirmed' : 'session-stale';
}

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The password an endpoint is about to set and the address of its account (for the password rules), or null. */
async function passwordBeingSet(ctx: AuthMiddlewareContext): Promise<{ password: string; email: string | undefined } | null> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  switch (ctx.path) {
    case '/sign-up/email':
      return { password: text(body.password) ?? '', email: text(body.email) };
    case '/change-password':
      return { password: text(body.newPassword) ?? '', email: (await getSessionFromCtx(ctx))?.user.email };
    case '/reset-password': {
      // The reset token names the account (better-auth keeps it as `reset-password:<token>` -> user id).
      const token = text(body.token) ?? text((ctx.query as Record<string, unknown> | undefined)?.token);
      const verification = token ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`) : null;
      const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
      return { password: text(body.newPassword) ?? '', email: user?.email };
    }
    default:
      return null;
  }
}

function splitName(name: string | undefined): { first: string | null; last: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: null, last: null };
  return { first: parts[0]!, last: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

/**
 * Handles chosen for accounts this process is still creating. Two people of the same name signing up at the same
 * moment would otherwise both find the plain handle free, and the second account's insert would fail on it. A
 * handle is held until its account exists, or for a minute if creating it failed.
 */
class HandleReservations {
  private readonly held = new Set<string>();

  /** Holds `handle` unless it is held already; whether it was free to hold. */
  hold(handle: string): boolean {
    if (this.held.has(handle)) return false;
    this.held.add(handle);
    setTimeout(() => this.held.delete(handle), 60_000).unref();
    return true;
  }

  release(handle: string | undefined): void {
    if (handle) this.held.delete(handle);
  }
}

/** A readable, unique handle for profile addresses (/profile/jane-doe). */
async function uniqueHandle(db: Db, source: string, reservations: HandleReservations): Promise<string> {
  const base =
    source
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'reader';
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base}-${randomInt(1000, 99999)}`;
    if (!reservations.hold(candidate)) continue;
    const taken = await db.select({ id: users.id }).from(users).where(eq(users.handle, candidate)).limit(1);
    if (taken.length === 0) return candidate;
    reservations.release(candidate);
  }
  return `${base}-${Date.now()}`;
}
