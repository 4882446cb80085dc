import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareTokenParamsSchema } from '../../../common/contracts/actions.ts';
import { formatCount } from '../../../common/rules/plural.ts';
import { hasWebBuild } from '../../web.ts';
import { StoryRemovedError } from '../stories/visibility.ts';
import type { SharesService } from './service.ts';

/**
 * The share pages, /share/{token}/{slug} and /shared-story/{token}, with Open Graph and Twitter card tags in the
 * HTML the server sends, so link previews work for crawlers that run no JavaScript. With a web build, its
 * index.html gets the tags (the app then renders the page); without one, a small page carries them and a link.
 */
export const SITE_NAME = 'HN Trends';
const GENERIC_DESCRIPTION = 'Follow what is trending on Hacker News, minute by minute: velocity, heat and fast risers.';

export interface ShareMeta {
  title: string;
  description: string;
  /** Absolute addresses. */
  url: string;
  image: string | null;
  /** Where the story itself is, for the page without a web build. */
  storyUrl: string | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

export function metaTags(meta: ShareMeta): string {
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', 'article'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'description', meta.description],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image) {
    tags.push(
      ['property', 'og:image', meta.image],
      ['property', 'og:image:width', '1200'],
      ['property', 'og:image:height', '630'],
      ['property', 'og:image:alt', meta.title],
      ['name', 'twitter:image', meta.image],
    );
  }
  return tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

/** The web app's index.html with the page's title and tags (its own description and title are replaced). */
export function injectMeta(indexHtml: string, meta: ShareMeta): string {
  const title = `<title>${escapeHtml(`${meta.title} - ${SITE_NAME}`)}</title>`;
  return indexHtml
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => title)
    .replace(/<\/head>/i, () => `  ${metaTags(meta)}\n  </head>`);
}

/** The page served when there is no web build: the same tags, and a link to the story. */
export function standalonePage(meta: ShareMeta): string {
  const link = meta.storyUrl ? `<p><a href="${escapeHtml(meta.storyUrl)}">Read the story</a></p>` : `<p>${escapeHtml(meta.title)}</p>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${escapeHtml(`${meta.title} - ${SITE_NAME}`)}</title>
    ${metaTags(meta)}
  </head>
  <body>
    <h1>${escapeHtml(meta.title)}</h1>
    <p>${escapeHtml(meta.description)}</p>
    ${link}
  </body>
</html>
`;
}

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
