import { z } from 'zod';
import { MAX_ID } from '#common/contracts/fields.ts';

/**
 * Bounds on what one item may put in the database. Hacker News itself allows 80-character titles and
 * 15-character user names; anything far beyond is a broken or hostile answer, cut to size rather than refused.
 */
export const MAX_TITLE_LENGTH = 300;
export const MAX_AUTHOR_LENGTH = 64;
/** A longer url is dropped, not cut: a cut url is a wrong link. */
export const MAX_URL_LENGTH = 2048;
/** Clocks differ a little; an item stamped further ahead than this is stamped now. */
export const FUTURE_TIME_TOLERANCE_SECONDS = 5 * 60;

/** Counts and ids go into PostgreSQL `integer` columns: a value above their range is no real count but a broken answer. */
const count = z.number().int().max(MAX_ID);

/** The Hacker News API's item, as far as ingestion reads it. Unknown fields are ignored. */
const rawItemSchema = z.object({
  id: z.number().int().positive().max(MAX_ID),
  type: z.string().optional(),
  by: z.string().optional(),
  time: z.number().int().nonnegative().optional(),
  title: z.string().optional(),
  url: z.string().optional(),
  score: count.optional(),
  descendants: count.optional(),
  dead: z.boolean().optional(),
  deleted: z.boolean().optional(),
  /** Never sent by Hacker News: the demo's replay marks the stories it made up (docs/hn-replay.md). */
  synthetic: z.boolean().optional(),
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
  /** Made up by the demo's replay: shown as such, and left out of keyword intelligence. */
  synthetic: boolean;
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

export interface ParseContext {
  /** The id that was asked for: an answer about another item is not trusted. */
  id: number;
  /**
   * Whether we already hold the story: a story that dies after we stored it is kept and marked dead, so bookmarks
   * and snapshots pointing at it stay intact.
   */
  known: boolean;
  /** Unix seconds now (the replay's virtual clock in tests). */
  nowSeconds: number;
}

/**
 * Turns one `/v0/item/{id}.json` answer into what ingestion stores. Every field is checked and normalised here,
 * so nothing the API sends can make the database refuse a row: text loses what PostgreSQL cannot store and is
 * bounded, counts and ids beyond the columns' range make the item unreadable (retried, then given up).
 */
export function parseItem(raw: unknown, context: ParseContext): ParsedItem {
  if (raw === null || raw === undefined) return { kind: 'missing', reason: 'null item' };
  const parsed = rawItemSchema.safeParse(raw);
  if (!parsed.success) return { kind: 'missing', reason: `unreadable item (${describeIssue(parsed.error.issues[0])})` };
  const item = parsed.data;
  if (item.id !== context.id) return { kind: 'missing', reason: `answer is about item ${item.id}` };
  if (item.type !== undefined && item.type !== 'story') {
    return { kind: 'skip', hnId: item.id, reason: item.type };
  }
  const dead = item.dead === true;
  const deleted = item.deleted === true;
  if ((dead || deleted) && !context.known) return { kind: 'skip', hnId: item.id, reason: deleted ? 'deleted' : 'dead' };
  if (!deleted && (item.title === undefined || item.time === undefined)) {
    return { kind: 'missing', reason: 'story without title or time' };
  }
  const url = webUrl(item.url ?? '');
  return {
    kind: 'story',
    hnId: item.id,
    title: storableLine(decodeHtmlEntities(item.title ?? ''), MAX_TITLE_LENGTH),
    url,
    domain: domainOf(url),
    by: storableLine(item.by ?? '', MAX_AUTHOR_LENGTH),
    time: Math.min(item.time ?? 0, Math.floor(context.nowSeconds) + FUTURE_TIME_TOLERANCE_SECONDS),
    score: Math.max(0, item.score ?? 0),
    descendants: Math.max(0, item.descendants ?? 0),
    dead,
    deleted,
    synthetic: item.synthetic === true,
  };
}

function describeIssue(issue: z.ZodError['issues'][number] | undefined): string {
  return issue ? `${issue.path.join('.') || 'item'}: ${issue.message}` : 'unknown shape';
}

/** PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate has no UTF-8 form. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\p{Cs}]/gu;
// eslint-disable-next-line no-control-regex
const CONTROL_RUN = /[\u0001-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex
const NOT_IN_A_URL = /[\u0000-\u001f\u007f\p{Cs}]/u;

/**
 * One line of text as we keep it: without characters PostgreSQL cannot store, other control characters (tabs,
 * line breaks) as a space, trimmed, and at most `max` characters (never ending in half a surrogate pair).
 */
export function storableLine(text: string, max: number): string {
  const line = text.replace(UNSTORABLE, '').replace(CONTROL_RUN, ' ').trim();
  return line.length <= max ? line : line.slice(0, max).replace(/[\uD800-\uDBFF]$/, '').trimEnd();
}

/**
 * Only web addresses are kept: a story link is rendered as a link, and `javascript:` must never be one. An address
 * with characters no url has, or too long to be a real one, is dropped (the story is kept, as a text post).
 */
function webUrl(raw: string): string {
  const url = raw.trim();
  if (url.length > MAX_URL_LENGTH || NOT_IN_A_URL.test(url)) return '';
  return isWebUrl(url) ? url : '';
}

function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && URL.canParse(url);
}

const isItemId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= MAX_ID;

/**
 * A list of item ids. An entry that is no id we can store (above PostgreSQL's integer, negative, not a number) is
 * left out, so one bad entry costs that entry, not the list; an answer that is no array is an error.
 */
const itemIds = z.array(z.unknown()).transform((ids) => ids.filter(isItemId));

/** A list endpoint's answer. */
export const idListSchema = itemIds;

export const updatesSchema = z.object({
  items: itemIds.default([]),
  profiles: z.array(z.unknown()).default([]),
});
