import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareTokenParamsSchema } from '#common/contracts/actions.ts';
import { formatCount } from '#common/rules/plural.ts';
import { injectMeta, SITE_NAME, standalonePage, type ShareMeta } from '../../page-meta.ts';
import { hasWebBuild } from '../../web.ts';
import { StoryRemovedError } from '../stories/visibility.ts';
import type { SharesService } from './service.ts';

/**
 * The share pages, /share/{token}/{slug} and /shared-story/{token}, with Open Graph and Twitter card tags in the
 * HTML the server sends, so link previews work for crawlers that run no JavaScript. With a web build, its
 * index.html gets the tags (the app then renders the page); without one, a small page carries them and a link.
 */
const GENERIC_DESCRIPTION = 'Follow what is trending on Hacker News, minute by minute: velocity, heat and fast risers.';

export interface SharePagesOptions {
  service: SharesService;
  baseUrl: string;
  webDistDir: string;
}

export function sharePagesRoutes({ service, baseUrl, webDistDir }: SharePagesOptions): FastifyPluginAsyncZod {
  // Read once, as server/web.ts does: a new build needs a restart anyway.
  const indexHtml = hasWebBuild(webDistDir) ? readFileSync(path.join(webDistDir, 'index.html'), 'utf8') : null;

  return async (app) => {
    const lookup = async (token: string) => {
      try {
        return await service.preview(token);
      } catch (error) {
        if (error instanceof StoryRemovedError) return 'removed' as const;
        throw error;
      }
    };
    const page = async (token: string) => {
      // A malformed token is just an unknown one: no query, the same 404 (not a JSON validation error).
      const preview = shareTokenParamsSchema.safeParse({ shareToken: token }).success ? await lookup(token) : null;
      const { status, meta }: { status: number; meta: ShareMeta } =
        preview === 'removed'
          ? // Moderators removed the story: the page says so and shows nothing of it (title, card, address).
            { status: 410, meta: { title: 'Story Removed', description: 'This story was removed by moderators.', url: `${baseUrl}/`, image: null, storyUrl: null } }
          : preview
            ? {
                status: 200,
                meta: {
                  title: preview.title,
                  description:
                    preview.description ??
                    `${formatCount(preview.score, 'point')}, ${formatCount(preview.comments, 'comment')}${preview.domain ? ` on ${preview.domain}` : ''}. Shared on ${SITE_NAME}.`,
                  url: `${baseUrl}${preview.path}`,
                  image: `${baseUrl}/api/og-image/${token}`,
                  storyUrl: preview.storyUrl,
                },
              }
            : { status: 404, meta: { title: token ? 'Story Not Found' : 'Invalid Share Link', description: GENERIC_DESCRIPTION, url: `${baseUrl}/`, image: null, storyUrl: null } };
      return { status, html: indexHtml ? injectMeta(indexHtml, meta) : standalonePage(meta) };
    };
    const send = async (token: string, reply: FastifyReply) => {
      const { status, html } = await page(token);
      return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    };
    const handler = async (request: FastifyRequest, reply: FastifyReply) => send((request.params as { shareToken: string }).shareToken, reply);
    for (const url of ['/share/:shareToken', '/share/:shareToken/:slug', '/shared-story/:shareToken']) {
      app.get(url, { schema: { hide: true } }, handler);
    }
    // The address without a token at all: Invalid Share Link (an unknown token is Story Not Found).
    for (const url of ['/share', '/shared-story']) {
      app.get(url, { schema: { hide: true } }, (_request, reply) => send('', reply));
    }
  };
}
