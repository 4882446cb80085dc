import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, notModifiedResponseSchema } from '#common/contracts/errors.ts';
import { okSchema } from '#common/contracts/actions.ts';
import {
  authorFeedParamsSchema,
  digestFeedQuerySchema,
  DIGEST_FEEDS,
  feedTokenStatusSchema,
  newFeedTokenSchema,
  PRIVATE_FEEDS,
  privateFeedParamsSchema,
  privateFeedQuerySchema,
  type NamedFeed,
  type DigestFeed,
  domainFeedParamsSchema,
  FEED_MAX_COUNT,
  keywordFeedParamsSchema,
  listFeedQuerySchema,
  namedFeedParamsSchema,
  risingKeywordsFeedQuerySchema,
  searchFeedQuerySchema,
  subjectFeedQuerySchema,
  type SubjectFeedQuery,
} from '#common/contracts/feeds.ts';
import { text } from '#common/contracts/fields.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import { HttpError } from '../../http/errors.ts';
import { sendText } from '../../http/json-text.ts';
import type { PrivateFeedsService } from './private.ts';
import { feedTokenHash, type FeedTokensService } from './tokens.ts';
import type { BuiltFeed, FeedsService, FeedSubject } from './service.ts';

/** Public feeds may be kept by browsers and shared caches for five minutes: an ingestion cycle runs every minute. */
export const PUBLIC_FEED_CACHE_CONTROL = 'public, max-age=300';
/** A private feed as long, by the reader alone: no shared cache may keep one person's feed. */
export const PRIVATE_FEED_CACHE_CONTROL = 'private, max-age=300';
/** What an unknown, revoked or renewed token gets: the same for each, so the answer tells nothing about a token. */
export const UNKNOWN_FEED_TOKEN = 'No feed has this address: its token may have been renewed or revoked. Make a new one in your preferences.';

const COMMON_PARAMETERS = [
  '`q`: words and "quoted phrases" (each in the title, domain or author), `OR` between groups, and exclusions: `-word`, `-"a phrase"`, `-domain:example.com`, `-author:name`.',
  '`points`: at least this score. `comments`: at least this many comments.',
  `\`count\`: how many items, 1 to ${FEED_MAX_COUNT} (20 by default).`,
  '`link=comments`: items link to the Hacker News discussion instead of the article. `description=0`: items without a description.',
].join(' ');

const FORMATS =
  'The address ends in `.rss` (RSS 2.0, application/rss+xml), `.atom` (Atom, application/atom+xml) or `.json` (JSON Feed 1.1, application/feed+json). ' +
  'Answers carry ETag and Last-Modified (a matching If-None-Match or If-Modified-Since gets 304) and Cache-Control: public, max-age=300. docs/feeds.md has every address.';

/**
 * The feeds (docs/feeds.md): /feeds/<list or search>.<format>, /feeds/keywords/<keyword>.<format>,
 * /feeds/domains/<domain>.<format> and /feeds/authors/<name>.<format>. Public and the same for everyone (no
 * person's rules apply: the answer is cached publicly), rate limited per client address.
 */
export function feedsRoutes(
  service: FeedsService,
  perMinute: number,
  personal: { feeds: PrivateFeedsService; tokens: FeedTokensService; resolveUser: UserResolver; baseUrl: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: 'public' as const, rateLimit: perMinute > 0 ? { max: perMinute, timeWindow: '1 minute', allowList: () => false } : (false as const) };
    const responses = {
      200: z.string().describe('The feed: RSS 2.0 (.rss), Atom (.atom) or JSON Feed 1.1 (.json)'),
      304: notModifiedResponseSchema,
      400: errorResponseSchema,
      429: errorResponseSchema,
    };

    app.get(
      '/feeds/:file',
      {
        config,
        schema: {
          tags: ['feeds'],
          summary: 'A story list (trending, top, comments, recent, fast-risers), the search, the rising keywords or a daily or weekly digest as a feed',
          description: `${FORMATS}\n\nLists take \`timeFilter\` (1h 6h 24h 3d week month, 3d by default) or \`hours\`, and \`minVelocity\` (fast risers). The search takes the advanced search's \`domain\`, \`author\`, \`hours\` (all 1 6 24 168), \`sort\` (score comments time trending, time by default) and \`order\`. The rising keywords (an item per keyword rising in the \`period\`: 1h 6h 24h 7d, 24h by default) take \`q\` (over the keywords) and \`count\`. The digests (daily, weekly: an item per finished UTC day or week, listing its \`count\` best scored stories, 10 by default) take \`periods\` (how many items, 1 to 14; 7 days or 4 weeks by default).\n\n${COMMON_PARAMETERS}`,
          params: namedFeedParamsSchema,
          querystring: namedFeedQuerySchema,
          response: responses,
        },
      },
      async (request, reply) => {
        const { name, format } = request.params.file;
        return answer(request, reply, await service.feed(namedSubject(name, request.query), format, request.url, request.url));
      },
    );

    // A keyword's, a domain's and an author's stories: the same route, each with its own name's rule.
    for (const feed of SUBJECT_FEEDS) {
      app.get(
        feed.path,
        {
          config,
          schema: {
            tags: ['feeds'],
            summary: feed.summary,
            description: `${FORMATS}\n\nTakes \`sort\` (time by default) and \`hours\` as the search does.\n\n${COMMON_PARAMETERS}`,
            params: feed.params,
            querystring: subjectFeedQuerySchema,
            response: responses,
          },
        },
        async (request, reply) => {
          const { name, format } = request.params.file;
          return answer(request, reply, await service.feed(feed.subject(name, request.query), format, request.url, request.url));
        },
      );
    }

    // A person's private feeds, by their token: limited per token (a reader polling them all counts once per feed).
    app.get(
      '/feeds/private/:token/:file',
      {
        config: {
          access: 'public' as const,
          rateLimit:
            perMinute > 0
              ? { max: perMinute, timeWindow: '1 minute', allowList: () => false, keyGenerator: (request) => `feed-token:${feedTokenHash(String((request.params as { token?: unknown }).token))}` }
              : (false as const),
        },
        schema: {
          tags: ['feeds'],
          summary: "A person's private feed by their feed token: bookmarks, watches, alerts or predictions",
          description: `The token is made, renewed and revoked in the preferences (\`POST\` and \`DELETE /api/user/feed-token\`); an unknown, renewed or revoked one gets 404. \`bookmarks\`: the stories bookmarked, dated when bookmarked. \`watches\`: each heat status change of a watched story. \`alerts\`: the newest stories whose titles mention an active keyword alert's keyword. \`predictions\`: each call to trend, updated when it settles. The person's muting rules apply. Cache-Control: private, max-age=300.\n\n${COMMON_PARAMETERS}`,
          params: privateFeedParamsSchema,
          querystring: privateFeedQuerySchema,
          response: { ...responses, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const userId = await personal.tokens.personOf(request.params.token);
        if (userId === null) throw new HttpError(404, UNKNOWN_FEED_TOKEN);
        const { name, format } = request.params.file;
        return answer(request, reply, await personal.feeds.feed(userId, name, request.query, format, request.url), PRIVATE_FEED_CACHE_CONTROL);
      },
    );

    const me = async (request: FastifyRequest) => (await currentUser(request, personal.resolveUser))!.id;
    const tokenErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
    app.get(
      '/api/user/feed-token',
      {
        config: { access: 'user' },
        schema: { tags: ['feeds'], summary: 'Whether I have a feed token for my private feeds, and since when', response: { 200: feedTokenStatusSchema, ...tokenErrors } },
      },
      async (request) => ({ feedToken: await personal.tokens.status(await me(request)) }),
    );
    app.post(
      '/api/user/feed-token',
      {
        config: { access: 'user' },
        schema: {
          tags: ['feeds'],
          summary: 'Make a new feed token (the former one stops working); the token is shown this once',
          response: { 201: newFeedTokenSchema, ...tokenErrors },
        },
      },
      async (request, reply) => {
        const { token, createdAt } = await personal.tokens.renew(await me(request));
        const feeds = Object.fromEntries(PRIVATE_FEEDS.map((name) => [name, `${personal.baseUrl}/feeds/private/${token}/${name}.rss`])) as Record<(typeof PRIVATE_FEEDS)[number], string>;
        return reply.code(201).send({ token, createdAt, feeds });
      },
    );
    app.delete(
      '/api/user/feed-token',
      { config: { access: 'user' }, schema: { tags: ['feeds'], summary: 'Revoke my feed token: my private feeds answer 404', response: { 200: okSchema, ...tokenErrors } } },
      async (request) => {
        if (!(await personal.tokens.revoke(await me(request)))) throw new HttpError(404, 'You have no feed token.');
        return { ok: true as const };
      },
    );
  };
}

/** The subject of /feeds/<name>, its query read by that feed's own schema. */
function namedSubject(name: NamedFeed, query: unknown): FeedSubject {
  if (name === 'search') return { kind: 'search', query: parseQuery(searchFeedQuerySchema, query) };
  if (name === 'rising-keywords') return { kind: 'rising-keywords', query: parseQuery(risingKeywordsFeedQuerySchema, query) };
  if ((DIGEST_FEEDS as readonly string[]).includes(name)) return { kind: 'digest', period: name as DigestFeed, query: parseQuery(digestFeedQuerySchema, query) };
  return { kind: 'list', sort: name as Exclude<NamedFeed, 'search' | 'rising-keywords' | DigestFeed>, query: parseQuery(listFeedQuerySchema, query) };
}

/** The feeds of one keyword, domain or author: their address, their name's rule and the subject they ask for. */
const SUBJECT_FEEDS = [
  {
    path: '/feeds/keywords/:file',
    summary: 'Stories whose title mentions a keyword, as a feed (/feeds/keywords/rust.rss)',
    params: keywordFeedParamsSchema,
    subject: (keyword: string, query: SubjectFeedQuery): FeedSubject => ({ kind: 'keyword', keyword, query }),
  },
  {
    path: '/feeds/domains/:file',
    summary: "A domain's stories (its subdomains' too), as a feed (/feeds/domains/example.com.rss)",
    params: domainFeedParamsSchema,
    subject: (domain: string, query: SubjectFeedQuery): FeedSubject => ({ kind: 'domain', domain, query }),
  },
  {
    path: '/feeds/authors/:file',
    summary: "An author's stories, as a feed (/feeds/authors/pg.rss)",
    params: authorFeedParamsSchema,
    subject: (author: string, query: SubjectFeedQuery): FeedSubject => ({ kind: 'author', author, query }),
  },
];

/** The parameters of every list and the search, as text: each feed's own schema reads them (parseQuery). */
const NAMED_FEED_PARAMETERS = ['q', 'points', 'comments', 'count', 'link', 'description', 'timeFilter', 'hours', 'minVelocity', 'domain', 'author', 'sort', 'order', 'period', 'periods'] as const;
const namedFeedQuerySchema = z.object(Object.fromEntries(NAMED_FEED_PARAMETERS.map((name) => [name, text(name, 300).optional()])));

/** A query validated against the feed's own schema (the route's schema takes every feed's parameters). */
function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const detail = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  throw Object.assign(new Error(`Invalid querystring: ${detail}`), { statusCode: 400 });
}

/** The feed, or 304 when the request's conditions say the client has it (RFC 9110 §13.1.2, §13.1.3). */
export function answer(request: FastifyRequest, reply: FastifyReply, feed: BuiltFeed, cacheControl = PUBLIC_FEED_CACHE_CONTROL): FastifyReply {
  reply.header('etag', feed.etag).header('last-modified', feed.lastModified.toUTCString()).header('cache-control', cacheControl);
  if (notModified(request.headers['if-none-match'], request.headers['if-modified-since'], feed)) return reply.code(304).send();
  return sendText(reply, feed.body, feed.type, { cached: feed.kept === true });
}

/** If-None-Match decides when present (weak comparison); otherwise If-Modified-Since, to the second. */
export function notModified(ifNoneMatch: string | undefined, ifModifiedSince: string | undefined, feed: Pick<BuiltFeed, 'etag' | 'lastModified'>): boolean {
  if (ifNoneMatch !== undefined) {
    const bare = feed.etag.replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => {
      const value = tag.trim();
      return value === '*' || value.replace(/^W\//, '') === bare;
    });
  }
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(feed.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
