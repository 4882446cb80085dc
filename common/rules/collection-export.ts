/**
 * A collection's exports (docs/actions.md, "Collections"): Markdown, CSV, JSON, Netscape bookmarks HTML (what every
 * browser imports) and OPML. Every text from a story or a person is escaped for its format: a CSV cell that a
 * spreadsheet would read as a formula is prefixed with a quote mark, HTML and XML are escaped, Markdown's link text
 * and addresses cannot break out of their brackets. Pure functions: the tests pin each format down.
 */
import type { ExportFormat } from '../contracts/collections.ts';
import { itemPageUrl } from './links.ts';

export interface ExportStory {
  hnId: number;
  title: string;
  url: string;
  domain: string;
  by: string;
  score: number;
  descendants: number;
  /** Submission time, unix seconds. */
  time: number;
}

export interface ExportCollection {
  name: string;
  description: string | null;
  /** When it was last changed (ISO). */
  updatedAt: string;
  items: { story: ExportStory; addedAt: string }[];
}

/** An address a link may carry: http(s) only; anything else (javascript:, data:) is replaced by the item page. */
export function safeLink(story: Pick<ExportStory, 'url' | 'hnId'>): string {
  return /^https?:\/\//i.test(story.url) ? story.url : itemPageUrl(story.hnId);
}

// Markdown

/** Text inside [link text]: characters with a meaning in Markdown or HTML are backslash-escaped, lines joined. */
export function markdownText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_{}[\]()<>!|~&])/g, '\\$1');
}

/** An address inside (…): <…> form with spaces, brackets and angle brackets percent-encoded. */
export function markdownUrl(url: string): string {
  return `<${url.replace(/[\s<>()\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}>`;
}

export function toMarkdown(collection: ExportCollection): string {
  const lines = [`# ${markdownText(collection.name)}`, ''];
  if (collection.description) lines.push(markdownText(collection.description), '');
  for (const { story } of collection.items) {
    const details = [`${story.score} points`, `${story.descendants} comments`, `by ${markdownText(story.by)}`];
    lines.push(`- [${markdownText(story.title)}](${markdownUrl(safeLink(story))}) (${details.join(', ')}; [discussion](${markdownUrl(itemPageUrl(story.hnId))}))`);
  }
  return `${lines.join('\n')}\n`;
}

// CSV

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell starting with = + - @ (or a tab
 * or carriage return, which some spreadsheets skip before them) is prefixed with ' so no spreadsheet runs it.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_COLUMNS = ['title', 'url', 'discussion', 'domain', 'author', 'points', 'comments', 'submitted', 'added'] as const;

export function toCsv(collection: ExportCollection): string {
  const rows = collection.items.map(({ story, addedAt }) =>
    [story.title, safeLink(story), itemPageUrl(story.hnId), story.domain, story.by, story.score, story.descendants, new Date(story.time * 1000).toISOString(), addedAt]
      .map(csvCell)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

// JSON

export function toJson(collection: ExportCollection): string {
  return `${JSON.stringify(
    {
      name: collection.name,
      description: collection.description,
      updatedAt: collection.updatedAt,
      stories: collection.items.map(({ story, addedAt }) => ({
        title: story.title,
        url: safeLink(story),
        discussion: itemPageUrl(story.hnId),
        hnId: story.hnId,
        domain: story.domain,
        author: story.by,
        points: story.score,
        comments: story.descendants,
        submitted: new Date(story.time * 1000).toISOString(),
        added: addedAt,
      })),
    },
    null,
    2,
  )}\n`;
}

// HTML and XML

/** Text or an attribute value in HTML or XML: the five characters with a meaning are written as references. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** XML 1.0 has no place for most control characters, even escaped: they are dropped. */
// eslint-disable-next-line no-control-regex
const xmlText = (text: string) => escapeMarkup(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));

/** The Netscape bookmark file every browser imports: one folder named after the collection. */
export function toBookmarksHtml(collection: ExportCollection): string {
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    `<TITLE>${escapeMarkup(collection.name)}</TITLE>`,
    `<H1>${escapeMarkup(collection.name)}</H1>`,
    '<DL><p>',
    `    <DT><H3 LAST_MODIFIED="${seconds(collection.updatedAt)}">${escapeMarkup(collection.name)}</H3>`,
  ];
  if (collection.description) lines.push(`    <DD>${escapeMarkup(collection.description)}`);
  lines.push('    <DL><p>');
  for (const { story, addedAt } of collection.items) {
    lines.push(`        <DT><A HREF="${escapeMarkup(safeLink(story))}" ADD_DATE="${seconds(addedAt)}">${escapeMarkup(story.title)}</A>`);
  }
  lines.push('    </DL><p>', '</DL><p>');
  return `${lines.join('\n')}\n`;
}

/** OPML 2.0 outline of links (type="link"), as outliners and some readers import. */
export function toOpml(collection: ExportCollection): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    '  <head>',
    `    <title>${xmlText(collection.name)}</title>`,
    `    <dateModified>${new Date(collection.updatedAt).toUTCString()}</dateModified>`,
    '  </head>',
    '  <body>',
  ];
  for (const { story } of collection.items) {
    lines.push(`    <outline type="link" text="${xmlText(story.title)}" url="${xmlText(safeLink(story))}"/>`);
  }
  lines.push('  </body>', '</opml>');
  return `${lines.join('\n')}\n`;
}

export const EXPORT_MEDIA: Record<ExportFormat, { type: string; extension: string; render: (collection: ExportCollection) => string }> = {
  markdown: { type: 'text/markdown; charset=utf-8', extension: 'md', render: toMarkdown },
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv', render: toCsv },
  json: { type: 'application/json; charset=utf-8', extension: 'json', render: toJson },
  html: { type: 'text/html; charset=utf-8', extension: 'html', render: toBookmarksHtml },
  opml: { type: 'text/x-opml; charset=utf-8', extension: 'opml', render: toOpml },
};

/** The download's file name: the collection's name in safe characters. */
export function exportFileName(name: string, format: ExportFormat): string {
  const base = name.normalize('NFKD').replace(/[^\w\- ]+/g, '').trim().replace(/\s+/g, '-').slice(0, 60) || 'collection';
  return `${base}.${EXPORT_MEDIA[format].extension}`;
}
