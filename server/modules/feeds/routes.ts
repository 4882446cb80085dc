import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, notModifiedResponseSchema } from '../../../common/contracts/errors.ts';
import {
  authorFeedParamsSchema,
  domainFeedParamsSchema,
  FEED_MAX_COUNT,
  keywordFeedParamsSchema,
  listFeedQuerySchema,
  namedFeedParamsSchema,
  risingKeywordsFeedQuerySchema,
  searchFeedQuerySchema,
  subjectFeedQuerySchema,
  type SubjectFeedQuery,
} from '../../../common/contracts/feeds.ts';
import { text } from '../../../common/contracts/fields.ts';
import { sendText } from '../../http/json-text.ts';
import type { BuiltFeed, FeedsService, FeedSubject } from './service.ts';

/** Public feeds may be kept by browsers and shared caches for five minutes: an ingestion cycle runs every minute. */
export const PUBLIC_FEED_CACHE_CONTROL = 'public, max-age=300';

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
export function feedsRoutes(service: FeedsService, perMinute: number): FastifyPluginAsyncZod {
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
          summary: 'A story list (trending, top, comments, recent, fast-risers), the search, or the rising keywords as a feed',
          description: `${FORMATS}\n\nLists take \`timeFilter\` (1h 6h 24h 3d week month, 3d by default) or \`hours\`, and \`minVelocity\` (fast risers). The search takes the advanced search's \`domain\`, \`author\`, \`hours\` (all 1 6 24 168), \`sort\` (score comments time trending, time by default) and \`order\`. The rising keywords (an item per keyword rising in the \`period\`: 1h 6h 24h 7d, 24h by default) take \`q\` (over the keywords) and \`count\`.\n\n${COMMON_PARAMETERS}`,
          params: namedFeedParamsSchema,
          querystring: namedFeedQuerySchema,
          response: responses,
        },
      },
      async (request, reply) => {
        const { name, format } = request.params.file;
        const subject: FeedSubject =
          name === 'search'
            ? { kind: 'search', query: parseQuery(searchFeedQuerySchema, request.query) }
            : name === 'rising-keywords'
              ? { kind: 'rising-keywords', query: parseQuery(risingKeywordsFeedQuerySchema, request.query) }
              : { kind: 'list', sort: name, query: parseQuery(listFeedQuerySchema, request.query) };
        return answer(request, reply, await service.feed(subject, format, request.url, request.url));
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
  };
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
const NAMED_FEED_PARAMETERS = ['q', 'points', 'comments', 'count', 'link', 'description', 'timeFilter', 'hours', 'minVelocity', 'domain', 'author', 'sort', 'order', 'period'] as const;
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
  return sendText(reply, feed.body, feed.type);
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
