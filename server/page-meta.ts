/**
 * A page's title and its Open Graph and Twitter card tags, in the HTML the server sends, so link previews work for
 * crawlers that run no JavaScript: the share pages and the story pages use them.
 */
export const SITE_NAME = 'HN Trends';

/** What a page's tags say. */
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

