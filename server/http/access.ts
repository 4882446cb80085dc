import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser, Role } from '#common/contracts/accounts.ts';

/** Who may call a route. Every /api route declares one in its config; the app refuses to start otherwise. */
export type Access = 'public' | 'user' | Role;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by `currentUser()`: undefined until looked up, null for a visitor. */
    resolvedUser?: CurrentUser | null;
  }
}

const ROLE_RANK: Record<Role, number> = { user: 1, moderator: 2, admin: 3 };

/** Paths served by plugins that are public by nature (the API document). */
const UNDECLARED_PUBLIC_PREFIXES = ['/api/docs'];

export type UserResolver = (request: FastifyRequest) => Promise<CurrentUser | null>;

/** The session lookups of one page rendered by the server, by cookie (see `withSharedSessionLookup`). */
const pageLookups = new AsyncLocalStorage<Map<string, Promise<CurrentUser | null>>>();

/**
 * Runs `render` so that the API requests it makes in-process (the signed-in home asks about ten) share one
 * session lookup per cookie instead of one each. The scope is the render's own asynchronous context: requests
 * from the network never see it, and the lookups are keyed by the cookie they were made with.
 */
export function withSharedSessionLookup<T>(render: () => Promise<T>): Promise<T> {
  return pageLookups.run(new Map(), render);
}

/** The signed-in person of this request (looked up once), or null. */
export async function currentUser(request: FastifyRequest, resolve: UserResolver): Promise<CurrentUser | null> {
  if (request.resolvedUser === undefined) request.resolvedUser = await lookUp(request, resolve);
  return request.resolvedUser;
}

function lookUp(request: FastifyRequest, resolve: UserResolver): Promise<CurrentUser | null> {
  const shared = pageLookups.getStore();
  const cookie = request.headers.cookie;
  if (!shared || !cookie) return resolve(request);
  let lookup = shared.get(cookie);
  if (!lookup) {
    lookup = resolve(request);
    shared.set(cookie, lookup);
  }
  return lookup;
}

export function hasRole(user: CurrentUser | null, role: Role): boolean {
  return user !== null && ROLE_RANK[user.role] >= ROLE_RANK[role];
}

/** One guard per level: 401 for visitors, 403 for people without the role. */
export function guard(access: Exclude<Access, 'public'>, resolve: UserResolver) {
  const needed: Role = access === 'user' ? 'user' : access;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const user = await currentUser(request, resolve);
    if (!user) return void (await reply.code(401).send({ message: 'Unauthorized' }));
    if (!hasRole(user, needed)) {
      await reply.code(403).send({
        message: needed === 'admin' ? 'Administrator privileges required.' : 'Moderator or administrator privileges required.',
      });
    }
  };
}

/** Attaches each route's guard from its declared access, and refuses routes that declare none. */
export function installAccessControl(server: FastifyInstance, resolve: UserResolver): void {
  server.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || UNDECLARED_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it (config.access)`);
    // The administrator area is for moderators and admins only: a route there that says otherwise is a mistake.
    if (route.url.startsWith('/api/admin/') && access !== 'moderator' && access !== 'admin') {
      throw new Error(`Route ${String(route.method)} ${route.url} is an admin route and must declare access 'moderator' or 'admin'`);
    }
    if (access === 'public') return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [guard(access, resolve), ...existing];
  });
}
