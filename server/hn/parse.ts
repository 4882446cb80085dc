import { z } from 'zod';

/** The Hacker News API's item, as far as ingestion reads it. Unknown fields are ignored. */
const rawItemSchema = z.object({
  id: z.number().int().positive(),
  type: z.string().optional(),
  by: z.string().optional(),
  time: z.number().int().optional(),
  title: z.string().optional(),
  url: z.string().optional(),
  score: z.number().int().optional(),
  descendants: z.number().int().optional(),
  dead: z.boolean().optional(),
  deleted: z.boolean().optional(),
});

export interface ParsedStory {
  kind: 'story';
  hnId: number;
  title: string;
  url: string;
  domain: string;
  by: string;
  time: number;
  score: number;
  descendants: number;
  dead: boolean;
  deleted: boolean;
}

export type ParsedItem =
  | ParsedStory
  /** Not a story we list: a job, poll, comment, or a story that was dead or deleted before we first saw it. */
  | { kind: 'skip'; hnId: number; reason: string }
  /** The API answered null or something unreadable: worth asking again later. */
  | { kind: 'missing'; reason: string };

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  rsquo: '\u2019',
  lsquo: '\u2018',
  rdquo: '\u201d',
  ldquo: '\u201c',
};

/** Titles come HTML-escaped from the API (`&#x27;`, `&amp;`); we store plain text and escape on output. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const hex = entity[1] === 'x' || entity[1] === 'X';
      const code = Number.parseInt(entity.slice(hex ? 2 : 1), hex ? 16 : 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** The host of a url without a leading `www.`; empty for text posts and for urls that don't parse. */
export function domainOf(url: string): string {
  if (!url) return '';
  try {
    const { hostname, protocol } = new URL(url);
    if (protocol !== 'http:' && protocol !== 'https:') return '';
    return hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

/**
 * Turns one `/v0/item/{id}.json` answer into what ingestion stores.
 * `known` says whether we already hold the story: a story that dies after we stored it is kept and
 * marked dead, so bookmarks and snapshots pointing at it stay intact.
 */
export function parseItem(raw: unknown, known: boolean): ParsedItem {
  if (raw === null || raw === undefined) return { kind: 'missing', reason: 'null item' };
  const parsed = rawItemSchema.safeParse(raw);
  if (!parsed.success) return { kind: 'missing', reason: 'unreadable item' };
  const item = parsed.data;
  if (item.type !== undefined && item.type !== 'story') {
    return { kind: 'skip', hnId: item.id, reason: item.type };
  }
  const dead = item.dead === true;
  const deleted = item.deleted === true;
  if ((dead || deleted) && !known) return { kind: 'skip', hnId: item.id, reason: deleted ? 'deleted' : 'dead' };
  if (!deleted && (item.title === undefined || item.time === undefined)) {
    return { kind: 'missing', reason: 'story without title or time' };
  }
  // Only web addresses are kept: a story link is rendered as a link, and `javascript:` must never be one.
  const url = isWebUrl(item.url?.trim() ?? '') ? item.url!.trim() : '';
  return {
    kind: 'story',
    hnId: item.id,
    title: decodeHtmlEntities(item.title ?? '').trim(),
    url,
    domain: domainOf(url),
    by: item.by ?? '',
    time: item.time ?? 0,
    score: Math.max(0, item.score ?? 0),
    descendants: Math.max(0, item.descendants ?? 0),
    dead,
    deleted,
  };
}

function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && URL.canParse(url);
}

/** A list endpoint's answer: an array of positive integer ids; anything else is an error. */
export const idListSchema = z.array(z.number().int().positive());

export const updatesSchema = z.object({
  items: z.array(z.number().int().positive()).default([]),
  profiles: z.array(z.string()).default([]),
});
