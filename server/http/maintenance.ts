import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAINTENANCE_MESSAGE } from '#common/rules/admin.ts';
import { currentUser, hasRole, type UserResolver } from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route answers everyone while the site is in maintenance mode: 'open' for the maintenance status
     * and what an admin needs to sign in, or a test of the request for a route that serves both kinds. Every other
     * API route answers only admins then.
     */
    duringMaintenance?: 'open' | ((request: FastifyRequest) => boolean);
  }
}

/** When a client may look again: the status the web app polls is the better guide, every 30 s. */
const RETRY_AFTER_SECONDS = 60;
const API_ROUTE = /^\/api\//;

/**
 * While maintenance mode is on, the API answers 503 with the maintenance message to everyone but admins, as the web
 * app shows them the maintenance page. It decides on the route the router matched (its declared config), never on
 * the path as spelled; pages, health, readiness and metrics are no API routes and carry on.
 */
export function refuseDuringMaintenance(maintenanceMode: () => Promise<boolean>, resolve: UserResolver) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const route = request.routeOptions.url;
    if (route === undefined || !API_ROUTE.test(route)) return;
    const open = request.routeOptions.config.duringMaintenance;
    if (open === 'open' || (typeof open === 'function' && open(request))) return;
    if (!(await maintenanceMode())) return;
    if (hasRole(await currentUser(request, resolve), 'admin')) return;
    await reply.code(503).header('retry-after', RETRY_AFTER_SECONDS).header('cache-control', 'no-store').send({ message: MAINTENANCE_MESSAGE });
  };
}
