import { z } from 'zod';
import { FEED_FORMAT_MEDIA_TYPES, PRIVATE_FEEDS, type PrivateFeed } from '../rules/feed-links.ts';
import { EMPTY_FEED_QUERY, FEED_QUERY_MAX_LENGTH, parseFeedQuery } from '../rules/feed-query.ts';
import { MUTE_VALUE_MAX, normaliseDomain } from '../rules/mutes.ts';
import { SEARCH_ORDERS, SEARCH_SORTS, SEARCH_TEXT_MAX_LENGTH, SEARCH_TIME_RANGES } from '../rules/search.ts';
import { KEYWORD_PERIODS } from '../rules/keyword-trends.ts';
import { TIME_FILTERS } from '../rules/time-windows.ts';
import { MAX_HOURS, STORY_LIST_SORTS, storyFilterFields } from './stories.ts';
import { intParam, isStorableText, text } from './fields.ts';

/** Feeds (docs/feeds.md): every list, search, keyword, domain and author as RSS 2.0, Atom and JSON Feed 1.1. */

export const FEED_FORMATS = ['rss', 'atom', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const FEED_MEDIA_TYPES: Readonly<Record<FeedFormat, string>> = FEED_FORMAT_MEDIA_TYPES;

/** The digests: an item per day or per week (UTC), each listing the period's best stories. */
export const DIGEST_FEEDS = ['daily', 'weekly'] as const;
export type DigestFeed = (typeof DIGEST_FEEDS)[number];

/** The feeds at /feeds/<name>.<format>: each story list, the search, the rising keywords and the digests. */
export const NAMED_FEEDS = [...STORY_LIST_SORTS, 'search', 'rising-keywords', ...DIGEST_FEEDS] as const;
export type NamedFeed = (typeof NAMED_FEEDS)[number];

export const FEED_DEFAULT_COUNT = 20;
export const FEED_MAX_COUNT = 100;

/** `name.format`, as the last segment of a feed's address. */
function feedFile<const Names extends readonly string[]>(names: Names | null, what: string) {
  const pattern = new RegExp(`^(.+)\\.(${FEED_FORMATS.join('|')})$`);
  return z
    .string()
    .max(300, `${what} must be at most 300 characters`)
    .transform((value, context) => {
      const match = pattern.exec(value);
      if (!match) {
        context.addIssue({ code: 'custom', message: `A feed's address ends in .rss, .atom or .json (${what}.rss)` });
        return z.NEVER;
      }
      const name = match[1]!;
      if (names !== null && !(names as readonly string[]).includes(name)) {
        context.addIssue({ code: 'custom', message: `No feed named ${name}: the feeds are ${names.join(', ')}` });
        return z.NEVER;
      }
      return { name: name as Names[number], format: match[2] as FeedFormat };
    });
}

export const namedFeedParamsSchema = z.object({ file: feedFile(NAMED_FEEDS, '<name>') });
export const keywordFeedParamsSchema = z.object({
  file: feedFile(null, '<keyword>')
    .refine((file) => file.name.trim().length > 0 && file.name.length <= 100, 'A keyword is 1 to 100 characters')
    .refine((file) => isStorableText(file.name) && !/[\r\n]/.test(file.name), 'A keyword is one line of text'),
});
export const domainFeedParamsSchema = z.object({
  file: feedFile(null, '<domain>').transform((file, context) => {
    const domain = normaliseDomain(file.name);
    if (domain === null || file.name.length > MUTE_VALUE_MAX.domain) {
      context.addIssue({ code: 'custom', message: 'A domain feed names a host such as example.com (/feeds/domains/example.com.rss)' });
      return z.NEVER;
    }
    return { name: domain, format: file.format };
  }),
});
export const authorFeedParamsSchema = z.object({
  file: feedFile(null, '<author>').refine((file) => /^[A-Za-z0-9_-]{1,50}$/.test(file.name), 'An author is a Hacker News username (letters, digits, - and _, at most 50)'),
});

/** hnrss's parameters, on every feed. */
const commonFields = {
  q: z
    .string()
    .max(FEED_QUERY_MAX_LENGTH, `q must be at most ${FEED_QUERY_MAX_LENGTH} characters`)
    .refine(isStorableText, 'q contains a character that cannot be stored (a NUL or an unpaired surrogate)')
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return EMPTY_FEED_QUERY;
      const parsed = parseFeedQuery(value);
      if ('error' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  points: intParam('points', 0, 1_000_000).default(0),
  comments: intParam('comments', 0, 1_000_000).default(0),
  count: intParam('count', 1, FEED_MAX_COUNT).default(FEED_DEFAULT_COUNT),
  link: z.enum(['url', 'comments'], { error: 'link must be url or comments' }).default('url'),
  description: z
    .enum(['1', '0', 'true', 'false'], { error: 'description must be 1 or 0' })
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
};

/** A list feed: its sort's window (timeFilter, or hours), min score (points) and, for fast risers, min velocity. */
export const listFeedQuerySchema = z.object({
  ...commonFields,
  timeFilter: z.enum(TIME_FILTERS, { error: `timeFilter must be one of ${TIME_FILTERS.join(', ')}` }).default('3d'),
  hours: intParam('hours', 1, MAX_HOURS).optional(),
  minVelocity: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'minVelocity must be a number')
    .transform(Number)
    .pipe(z.number().max(100_000, 'minVelocity must be at most 100000'))
    .default(0),
  /** A domain and its subdomains, as the list's own filter. */
  domain: storyFilterFields().domain,
});
export type ListFeedQuery = z.infer<typeof listFeedQuerySchema>;

const searchText = (name: string) => text(name, SEARCH_TEXT_MAX_LENGTH).refine((value) => !/[\r\n]/.test(value), `${name} must be one line`);

/** The search feed: the advanced search's filters (docs/search.md) with a feed's q. */
export const searchFeedQuerySchema = z.object({
  ...commonFields,
  domain: searchText('domain').default(''),
  author: searchText('author').default(''),
  hours: z.enum(SEARCH_TIME_RANGES, { error: `hours must be one of ${SEARCH_TIME_RANGES.join(', ')}` }).default('all'),
  sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).default('time'),
  order: z.enum(SEARCH_ORDERS, { error: `order must be one of ${SEARCH_ORDERS.join(', ')}` }).default('desc'),
});
export type SearchFeedQuery = z.infer<typeof searchFeedQuerySchema>;

/**
 * The rising keywords: an item per keyword rising in the period (its day's item: a keyword rising again another day
 * is a new item). `q` keeps the keywords holding its words and leaves out its -words; `count` as everywhere.
 */
export const risingKeywordsFeedQuerySchema = z.object({
  ...commonFields,
  period: z.enum(KEYWORD_PERIODS, { error: `period must be one of ${KEYWORD_PERIODS.join(', ')}` }).default('24h'),
});
export type RisingKeywordsFeedQuery = z.infer<typeof risingKeywordsFeedQuerySchema>;

/** A keyword's, a domain's or an author's feed: their newest stories (or by sort), with the common parameters. */
export const subjectFeedQuerySchema = z.object({
  ...commonFields,
  sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).default('time'),
  hours: z.enum(SEARCH_TIME_RANGES, { error: `hours must be one of ${SEARCH_TIME_RANGES.join(', ')}` }).default('all'),
});
export type SubjectFeedQuery = z.infer<typeof subjectFeedQuerySchema>;

/** A digest's items: the last `periods` finished days or weeks; `count` is how many stories each lists. */
export const DIGEST_PERIODS_MAX = 14;
export const DIGEST_DEFAULT_PERIODS: Readonly<Record<DigestFeed, number>> = { daily: 7, weekly: 4 };
export const DIGEST_DEFAULT_COUNT = 10;
export const digestFeedQuerySchema = z.object({
  ...commonFields,
  count: intParam('count', 1, FEED_MAX_COUNT).default(DIGEST_DEFAULT_COUNT),
  periods: intParam('periods', 1, DIGEST_PERIODS_MAX).optional(),
});
export type DigestFeedQuery = z.infer<typeof digestFeedQuerySchema>;

/**
 * A person's private feeds, at /feeds/private/<token>/<name>.<format> (docs/feeds.md, "Private feeds"): their
 * bookmarks, the status changes of the stories they watch, the stories of their keyword alerts, and the calls to
 * trend (private because the predictions pages are for signed-in people).
 */
export { PRIVATE_FEEDS, type PrivateFeed } from '../rules/feed-links.ts';

/** A feed token: 32 random bytes in base64url. Anything else is no token (answered as an unknown one). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const privateFeedParamsSchema = z.object({
  token: z.string().max(100, 'A feed token is 43 characters'),
  file: feedFile(PRIVATE_FEEDS, '<feed>'),
});
/** The private feeds take the common parameters (the person's muting rules apply besides q's). */
export const privateFeedQuerySchema = z.object(commonFields);
export type PrivateFeedQuery = z.infer<typeof privateFeedQuerySchema>;

/** Whether the person has a feed token, and since when (the token itself is shown once, when it is made). */
export const feedTokenStatusSchema = z.object({ feedToken: z.object({ createdAt: z.string() }).nullable() });
export type FeedTokenStatus = z.infer<typeof feedTokenStatusSchema>;
/** A new token and the addresses of the private feeds it opens (each in RSS; .atom and .json work too). */
export const newFeedTokenSchema = z.object({
  token: z.string(),
  createdAt: z.string(),
  feeds: z.object(Object.fromEntries(PRIVATE_FEEDS.map((name) => [name, z.string()])) as Record<PrivateFeed, z.ZodString>),
});
export type NewFeedToken = z.infer<typeof newFeedTokenSchema>;
