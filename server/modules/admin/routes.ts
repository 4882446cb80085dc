import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  adminAnnouncementResponseSchema,
  adminAnnouncementsResponseSchema,
  adminFlagsQuerySchema,
  adminFlagsResponseSchema,
  adminLogsQuerySchema,
  adminLogsResponseSchema,
  adminPageQuerySchema,
  adminSearchQuerySchema,
  adminSearchResponseSchema,
  adminSearchSummarySchema,
  adminUsersResponseSchema,
  announcementBodySchema,
  announcementIdParamsSchema,
  contactHandledBodySchema,
  contactMessageIdParamsSchema,
  contactMessageResponseSchema,
  contactMessagesQuerySchema,
  contactMessagesResponseSchema,
  dashboardStatsSchema,
  flagIdParamsSchema,
  flagReviewBodySchema,
  flagReviewResponseSchema,
  keywordAliasBodySchema,
  keywordAliasesResponseSchema,
  keywordAliasParamsSchema,
  keywordAliasResponseSchema,
  roleBodySchema,
  roleResponseSchema,
  settingBodySchema,
  settingResponseSchema,
  settingsResponseSchema,
  userIdParamsSchema,
} from '#common/contracts/admin.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { okResponseSchema } from '#common/contracts/site.ts';
import type { AnnouncementsService } from '../announcements/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { AuditLog, type Actor } from './audit.ts';
import { dashboardStats } from './dashboard.ts';
import { KeywordAliasesService } from './keyword-aliases.ts';
import { ModerationService } from './moderation.ts';
import { adminSearch, adminSearchSummary } from './search.ts';
import { AdminAnnouncementsService, AdminContactService, AdminSettingsService } from './site.ts';
import { AdminUsersService } from './users.ts';

/**
 * Who may call each admin route, as spec part 2 §6 says: moderators run the community (dashboard, users list, logs,
 * content moderation, search); only admins change roles, settings and announcements, and read contact messages.
 * Every /api/admin route must declare one of these two levels (server/http/access.ts refuses anything else).
 * A later admin tool adds its routes the same way: `config: access(level)`, `schema: { tags, ..., response:
 * {...errors} }`, and every write through `audit.write(actorOf(request), ...)`.
 */
export const MODERATOR = { access: 'moderator' } as const;
export const ADMIN = { access: 'admin' } as const;
export const tags = ['admin'];
export const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** The moderator or admin making a request (their guard has already looked them up). */
export function actorOf(request: FastifyRequest): Actor {
  return { userId: request.resolvedUser!.id, ipAddress: request.ip };
}

export interface AdminDeps {
  pool: pg.Pool;
  settings: SettingsService;
  announcements: AnnouncementsService;
  audit: AuditLog;
  /** Rebuilds cached story lists after moderation hides or shows a story. */
  storiesChanged: () => void;
}

export function adminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const users = new AdminUsersService(deps.pool, deps.audit);
  const moderation = new ModerationService(deps.pool, deps.audit, deps.storiesChanged);
  const settings = new AdminSettingsService(deps.pool, deps.audit, deps.settings);
  const announcements = new AdminAnnouncementsService(deps.announcements, deps.audit);
  const contact = new AdminContactService(deps.pool, deps.settings, deps.audit);
  const keywordAliases = new KeywordAliasesService(deps.pool, deps.audit);

  return async (app) => {
    app.get(
      '/api/admin/dashboard',
      { config: MODERATOR, schema: { tags, summary: 'The dashboard counters', response: { 200: dashboardStatsSchema, ...errors } } },
      async () => dashboardStats(deps.pool),
    );

    app.get(
      '/api/admin/users',
      { config: MODERATOR, schema: { tags, summary: 'People, newest first (25 a page, limit up to 100)', querystring: adminPageQuerySchema, response: { 200: adminUsersResponseSchema, ...errors } } },
      async (request) => users.list(request.query.page, request.query.limit),
    );

    app.patch(
      '/api/admin/users/:userId/role',
      {
        config: ADMIN,
        schema: { tags, summary: "Change a person's role (409 for the last admin)", params: userIdParamsSchema, body: roleBodySchema, response: { 200: roleResponseSchema, ...errors } },
      },
      async (request) => ({ user: await users.setRole(actorOf(request), request.params.userId, request.body.role) }),
    );

    app.get(
      '/api/admin/logs',
      { config: MODERATOR, schema: { tags, summary: 'The audit log, newest first', querystring: adminLogsQuerySchema, response: { 200: adminLogsResponseSchema, ...errors } } },
      async (request) => deps.audit.list(request.query),
    );

    app.get(
      '/api/admin/content-flags',
      { config: MODERATOR, schema: { tags, summary: 'Flags with their stories', querystring: adminFlagsQuerySchema, response: { 200: adminFlagsResponseSchema, ...errors } } },
      async (request) => moderation.list(request.query.page, request.query.limit, request.query.status),
    );

    app.patch(
      '/api/admin/content-flags/:flagId/review',
      {
        config: MODERATOR,
        schema: { tags, summary: 'Approve (hides the story) or reject a pending flag', params: flagIdParamsSchema, body: flagReviewBodySchema, response: { 200: flagReviewResponseSchema, ...errors } },
      },
      async (request) => ({ flag: await moderation.review(actorOf(request), request.params.flagId, request.body.action) }),
    );

    app.delete(
      '/api/admin/content-flags/:flagId',
      { config: MODERATOR, schema: { tags, summary: 'Delete a flag (the last approved one shows its story again)', params: flagIdParamsSchema, response: { 200: okResponseSchema, ...errors } } },
      async (request) => {
        await moderation.remove(actorOf(request), request.params.flagId);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/settings',
      { config: ADMIN, schema: { tags, summary: 'Every setting, those the product reads at their defaults until set', response: { 200: settingsResponseSchema, ...errors } } },
      async () => ({ settings: await settings.list() }),
    );

    app.post(
      '/api/admin/settings',
      { config: ADMIN, schema: { tags, summary: 'Create or replace a setting', body: settingBodySchema, response: { 200: settingResponseSchema, ...errors } } },
      async (request) => ({ setting: await settings.upsert(actorOf(request), request.body) }),
    );

    app.get(
      '/api/admin/keyword-aliases',
      { config: ADMIN, schema: { tags, summary: 'The keyword alias table, by alias', response: { 200: keywordAliasesResponseSchema, ...errors } } },
      async () => ({ aliases: await keywordAliases.list() }),
    );

    app.post(
      '/api/admin/keyword-aliases',
      {
        config: ADMIN,
        schema: { tags, summary: 'Add a keyword alias, or point one at another keyword', body: keywordAliasBodySchema, response: { 200: keywordAliasResponseSchema, ...errors } },
      },
      async (request) => ({ alias: await keywordAliases.upsert(actorOf(request), request.body) }),
    );

    app.delete(
      '/api/admin/keyword-aliases/:alias',
      { config: ADMIN, schema: { tags, summary: 'Remove a keyword alias', params: keywordAliasParamsSchema, response: { 200: okResponseSchema, ...errors } } },
      async (request) => {
        await keywordAliases.remove(actorOf(request), request.params.alias);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/announcements',
      { config: ADMIN, schema: { tags, summary: 'Every announcement, newest first', response: { 200: adminAnnouncementsResponseSchema, ...errors } } },
      async () => ({ announcements: await announcements.list() }),
    );

    app.post(
      '/api/admin/announcements',
      { config: ADMIN, schema: { tags, summary: 'Create an announcement (HTML sanitised)', body: announcementBodySchema, response: { 201: adminAnnouncementResponseSchema, ...errors } } },
      async (request, reply) => reply.code(201).send({ announcement: await announcements.create(actorOf(request), request.body) }),
    );

    app.put(
      '/api/admin/announcements/:id',
      {
        config: ADMIN,
        schema: { tags, summary: 'Replace an announcement', params: announcementIdParamsSchema, body: announcementBodySchema, response: { 200: adminAnnouncementResponseSchema, ...errors } },
      },
      async (request) => ({ announcement: await announcements.update(actorOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/api/admin/announcements/:id',
      { config: ADMIN, schema: { tags, summary: 'Delete an announcement', params: announcementIdParamsSchema, response: { 200: okResponseSchema, ...errors } } },
      async (request) => {
        await announcements.remove(actorOf(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/search',
      { config: MODERATOR, schema: { tags, summary: 'Search users, stories, keywords, alerts, flags, logs and settings', querystring: adminSearchQuerySchema, response: { 200: adminSearchResponseSchema, ...errors } } },
      async (request) => {
        const found = await adminSearch(deps.pool, request.query);
        // Settings are for admins only (spec §6): a moderator's search leaves them out.
        return request.resolvedUser!.role === 'admin' ? found : { ...found, settings: { results: [], count: 0 } };
      },
    );

    app.get(
      '/api/admin/search/summary',
      { config: MODERATOR, schema: { tags, summary: 'The counts shown before searching', response: { 200: adminSearchSummarySchema, ...errors } } },
      async () => adminSearchSummary(deps.pool),
    );

    app.get(
      '/api/admin/contact-messages',
      { config: ADMIN, schema: { tags, summary: 'Messages sent through /contact, newest first', querystring: contactMessagesQuerySchema, response: { 200: contactMessagesResponseSchema, ...errors } } },
      async (request) => contact.list(request.query.page, request.query.limit, request.query.status),
    );

    app.patch(
      '/api/admin/contact-messages/:id',
      {
        config: ADMIN,
        schema: { tags, summary: 'Mark a message handled (or open again)', params: contactMessageIdParamsSchema, body: contactHandledBodySchema, response: { 200: contactMessageResponseSchema, ...errors } },
      },
      async (request) => ({ message: await contact.setHandled(actorOf(request), request.params.id, request.body.handled) }),
    );
  };
}
