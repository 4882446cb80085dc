import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser, Role } from '../../common/contracts/accounts.ts';

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

/** The signed-in person of this request (looked up once), or null. */
export async function currentUser(request: FastifyRequest, resolve: UserResolver): Promise<CurrentUser | null> {
  if (request.resolvedUser === undefined) request.resolvedUser = await resolve(request);
  return request.resolvedUser;
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
    if (access === 'public') return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [guard(access, resolve), ...existing];
  });
}
