import { hash } from 'node:crypto';
import type pg from 'pg';
import { DIGEST_DEFAULT_PERIODS, type DigestFeed, type DigestFeedQuery, type FeedFormat, type ListFeedQuery, type RisingKeywordsFeedQuery, type SearchFeedQuery, type SubjectFeedQuery } from '#common/contracts/feeds.ts';
import type { KeywordTrend } from '#common/contracts/keywords.ts';
import { feedUrl, keywordFeedAddress } from '#common/rules/feed-links.ts';
import { KEYWORD_PERIOD_LABELS } from '#common/rules/keyword-trends.ts';
import type { KeywordsService } from '../keywords/service.ts';
import { FEED_MEDIA_TYPES } from '#common/contracts/feeds.ts';
import type { SearchQuery } from '#common/contracts/search.ts';
import type { Story, StoryListQuery, StoryListSort } from '#common/contracts/stories.ts';
import { feedQueryHider, feedQueryKeeps, feedQueryKey, longestTerm, type FeedQuery } from '#common/rules/feed-query.ts';
import type { Freshness } from '#common/rules/freshness.ts';
import { itemPageUrl, storyLinkUrl, storyPagePath } from '#common/rules/links.ts';
import { containsWholeWords, foldText, NO_MUTES, type MutableStory, type MuteMatcher } from '#common/rules/mutes.ts';
import type { SearchSort } from '#common/rules/search.ts';
import { timeFilterHours } from '#common/rules/time-windows.ts';
import { AskedOnce, RecentMap } from '../../recent-map.ts';
import { presentStory } from '../stories/presenter.ts';
import type { StoryRow } from '../stories/queries.ts';
import { listedStory } from '../stories/visibility.ts';
import type { FreshnessService } from '../freshness/service.ts';
import type { SearchService } from '../search/service.ts';
import type { StoriesService } from '../stories/service.ts';
import { writeFeed, type FeedDocument, type FeedItem } from './writer.ts';

/** Hacker News unreachable for longer than this, a feed says so (docs/feeds.md, "Fresh, and honest when it is not"). */
export const STALE_AFTER_SECONDS = 5 * 60;
const DAY_MS = 86_400_000;
/** Compiled q's kept (FeedsService.hiders). */
const HIDERS_KEPT = 64;
/** A feed built is kept this long at most, besides being rebuilt whenever the stories change. */
const FEED_MAX_AGE_MS = 60_000;
/** Feeds kept built (the addresses feed readers keep polling; a stream of new addresses pushes out only its own). */
const FEEDS_KEPT = 2000;
/** Addresses asked once remembered, so that the next asking keeps its feed. */
const ASKED_ONCE_KEPT = 4000;
/** How many stories a list feed reads, at most, to find `count` with at least `comments` comments. */
const COMMENTS_SCAN_LIMIT = 500;
/** How many of a period's best stories a digest reads, at most, to find `count` that its q and comments keep. */
const DIGEST_SCAN_LIMIT = 500;
/** A search answers at most this many stories (common/rules/search.ts): a feed's groups each read that many. */
const SEARCH_PAGE = 100;

/** What a feed is of, with its own parameters (validated by common/contracts/feeds.ts). */
export type FeedSubject =
  | { kind: 'list'; sort: StoryListSort; query: ListFeedQuery }
  | { kind: 'search'; query: SearchFeedQuery }
  | { kind: 'keyword'; keyword: string; query: SubjectFeedQuery }
  | { kind: 'domain'; domain: string; query: SubjectFeedQuery }
  | { kind: 'author'; author: string; query: SubjectFeedQuery }
  | { kind: 'rising-keywords'; query: RisingKeywordsFeedQuery }
  | { kind: 'digest'; period: DigestFeed; query: DigestFeedQuery };

/** The parameters every feed takes (hnrss's). */
export type CommonQuery = Pick<ListFeedQuery, 'q' | 'points' | 'comments' | 'count' | 'link' | 'description'>;

export interface BuiltFeed {
  /** The feed's text in UTF-8: encoded once, for its ETag and for every time it is sent. */
  body: Buffer;
  type: string;
  etag: string;
  lastModified: Date;
  /** Whether the server keeps the feed, and then its compressed copies too (the same bytes are sent again). */
  kept?: boolean;
}

interface KeptFeed extends BuiltFeed {
  version: string;
  note: string | null;
  builtAt: number;
}

const LIST_TITLES: Record<StoryListSort, string> = {
  trending: 'Trending stories',
  top: 'Top stories',
  comments: 'Most discussed stories',
  recent: 'Newest stories',
  'fast-risers': 'Fast risers',
};

/**
 * Feeds of the lists, the search, keywords, domains and authors (docs/feeds.md). Each reads its stories where the
 * page does: a list page from the stories service (its cache and in-memory index), a search from the search service
 * (the same index); the feed's q and exclusions go in as muting rules, which both already apply. A built feed is
 * kept, by its address, until the stories change (the lists' data version) or Hacker News's reachability does.
 */
export class FeedsService {
  private readonly kept = new RecentMap<string, KeptFeed>(FEEDS_KEPT);
  /**
   * The addresses asked once, whose feeds were built and not kept. A feed is kept from its address's second asking:
   * most addresses a reader polls are asked again within minutes, while a feed asked once and kept would only be
   * copied about by the garbage collector until newer ones pushed it out.
   */
  private readonly askedOnce = new AskedOnce(ASKED_ONCE_KEPT);
  /**
   * Compiled q's by their key: the lists' index keeps its verdicts per matcher (up to a window's stories each), so a
   * polled feed reuses them; few are kept, so the verdicts of q's asked once go with them.
   */
  private readonly hiders = new RecentMap<string, MuteMatcher>(HIDERS_KEPT);
  /** The stories' data version this server saw last, and when it first saw it (whole seconds): see `dataDate`. */
  private seenVersion: { version: string; atMs: number } | null = null;

  constructor(
    private readonly deps: {
      pool: pg.Pool;
      stories: StoriesService;
      search: SearchService;
      keywords: KeywordsService;
      freshness: FreshnessService;
      baseUrl: string;
      now: () => number;
    },
  ) {}

  /** The feed at `path` (the canonical key of its parameters, e.g. `/feeds/trending.rss?points=100`). */
  async feed(subject: FeedSubject, format: FeedFormat, selfPath: string, key: string): Promise<BuiltFeed> {
    const { version, freshness, note, nowMs, dataDate } = await this.state();
    const kept = this.kept.get(key);
    if (kept && kept.version === version && kept.note === note && Date.now() - kept.builtAt < FEED_MAX_AGE_MS) return kept;
    const items =
      subject.kind === 'rising-keywords'
        ? await this.risingKeywordItems(subject.query, nowMs)
        : subject.kind === 'digest'
          ? await this.digestItems(subject.period, subject.query, nowMs)
          : (await this.storiesOf(subject)).map((story) => storyItem(story, this.deps.baseUrl, subject.query.link, subject.query.description));
    const { title, description, homePath } = describe(subject);
    const document = feedDocument({ title, description, homeUrl: `${this.deps.baseUrl}${homePath}`, selfPath, items }, this.deps.baseUrl, dataDate, freshness, note);
    const built = builtFeed(document, format);
    if (kept === undefined && !this.askedOnce.askedBefore(key)) return built;
    const keeping: KeptFeed = { ...built, kept: true, version, note, builtAt: Date.now() };
    this.kept.set(key, keeping);
    return keeping;
  }

  /**
   * What a feed is built on now: the stories' data version, Hacker News's reachability and its stale note (or null),
   * the time, and the feed's date (`dataDate`).
   */
  async state(): Promise<{ version: string; freshness: Freshness; note: string | null; nowMs: number; dataDate: Date }> {
    const [version, freshness] = await Promise.all([this.deps.stories.dataVersion(), this.deps.freshness.current()]);
    const nowMs = this.deps.now();
    return { version, freshness, note: staleNote(freshness, Math.floor(nowMs / 1000)), nowMs, dataDate: this.dataDate(version, freshness, nowMs) };
  }

  /**
   * The date of the stories a feed shows: the end of the newest finished ingestion cycle, or while none has finished
   * (the first cycle still running, ingestion turned off), when this server first saw the stories as they are. Never
   * the time of the request: a feed built again from the same stories is then the same bytes, with the same ETag and
   * Last-Modified, and a reader polling it gets 304.
   */
  private dataDate(version: string, freshness: Freshness, nowMs: number): Date {
    if (freshness.asOf !== null) return new Date(freshness.asOf * 1000);
    if (this.seenVersion?.version !== version) this.seenVersion = { version, atMs: Math.floor(nowMs / 1000) * 1000 };
    return new Date(this.seenVersion.atMs);
  }

  /**
   * The newest stories whose titles mention any of `keywords` (each found as its keyword feed finds it), with the
   * query's parameters and `mutes` applied: the stories of a person's keyword alerts.
   */
  async storiesMentioning(keywords: readonly string[], query: CommonQuery, mutes: MuteMatcher): Promise<Story[]> {
    const found = await Promise.all(keywords.map((keyword) => this.keywordStories(keyword, { ...query, sort: 'time', hours: 'all' }, mutes)));
    const seen = new Set<number>();
    return found
      .flat()
      .filter((story) => !seen.has(story.id) && seen.add(story.id))
      .sort((a, b) => b.time - a.time || b.id - a.id)
      .slice(0, query.count);
  }

  private keywordStories(keyword: string, query: SubjectFeedQuery, mutes: MuteMatcher = NO_MUTES): Promise<Story[]> {
    const folded = foldText(keyword);
    return this.searchStories(query, { sort: query.sort, hours: query.hours, lookup: folded, also: both(this.mentions(folded), mutes) });
  }

  /**
   * The stories whose title does not mention a keyword (folded) as whole words, as keywords are counted: the search
   * finds the titles holding the text. Kept by keyword, so a polled keyword's verdicts are reused.
   */
  private mentions(folded: string): MuteMatcher {
    const key = `\u0004keyword:${folded}`;
    let matcher = this.hiders.get(key);
    if (!matcher) {
      matcher = matcherWhere((story) => containsWholeWords(foldText(story.title), folded));
      this.hiders.set(key, matcher);
    }
    return matcher;
  }

  /**
   * A digest's items: the last finished days or weeks (UTC; weeks from Monday), newest first, each listing the
   * period's `count` best scored stories submitted in it that the query keeps. An item's id is its period's, so it
   * is one item however often it is read; its date is the period's end.
   */
  private async digestItems(period: DigestFeed, query: DigestFeedQuery, nowMs: number): Promise<FeedItem[]> {
    const length = period === 'daily' ? DAY_MS : 7 * DAY_MS;
    // 1 January 1970 was a Thursday: weeks counted from the epoch start on Monday 4 days before.
    const offset = period === 'daily' ? 0 : -4 * DAY_MS;
    const currentStart = Math.floor((nowMs - offset) / length) * length + offset;
    const periods = Array.from({ length: query.periods ?? DIGEST_DEFAULT_PERIODS[period] }, (_, k) => currentStart - (k + 1) * length);
    const hider = this.hider(query.q);
    const filtered = hider !== NO_MUTES || query.comments > 0;
    const { baseUrl } = this.deps;
    return Promise.all(
      periods.map(async (start) => {
        const rows = await this.deps.pool.query<StoryRow>(
          `SELECT id, hn_id, title, url, score, descendants, by, time, domain, score_velocity, comments_velocity, trending_score, synthetic
             FROM stories WHERE time >= $1 AND time < $2 AND score >= $3 AND ${listedStory()}
            ORDER BY score DESC, id DESC LIMIT $4`,
          [start / 1000, (start + length) / 1000, query.points, filtered ? DIGEST_SCAN_LIMIT : query.count],
        );
        const stories = rows.rows
          .map((row) => presentStory(row, nowMs))
          .filter((story) => story.descendants >= query.comments && !hider.hidesId(story.id) && !hider.mutes(story))
          .slice(0, query.count);
        return digestItem(period, new Date(start), new Date(start + length), stories, baseUrl, query);
      }),
    );
  }

  private hider(query: FeedQuery, groups: string[][] = query.groups): MuteMatcher {
    if (groups.length === 0 && query.exclusions.length === 0) return NO_MUTES;
    const key = feedQueryKey({ groups, exclusions: query.exclusions });
    let hider = this.hiders.get(key);
    if (!hider) {
      hider = feedQueryHider(query, { groups });
      this.hiders.set(key, hider);
    }
    return hider;
  }

  /**
   * The keywords rising in the period (the keywords page's trends, docs/keywords.md), each its day's item: its id
   * holds the day, so a keyword that rises again another day is a new item, and one rising all day is one item.
   */
  private async risingKeywordItems(query: RisingKeywordsFeedQuery, nowMs: number): Promise<FeedItem[]> {
    const { trends } = JSON.parse(await this.deps.keywords.trendsBody(query.period)) as { trends: KeywordTrend[] };
    const day = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS);
    const dayText = day.toISOString().slice(0, 10);
    const { baseUrl } = this.deps;
    return trends
      .filter((trend) => trend.isRising && feedQueryKeeps(query.q, { id: 0, title: trend.keyword, domain: '', by: '' }))
      .slice(0, query.count)
      .map((trend) => {
        const stories = keywordFeedAddress(trend.keyword);
        const storiesUrl = stories ? `${baseUrl}${feedUrl(stories, 'atom')}` : null;
        const change = `${trend.percentageChange > 0 ? '+' : ''}${trend.percentageChange} %`;
        const summary = `${trend.currentFrequency} stories mention it (${KEYWORD_PERIOD_LABELS[query.period].toLowerCase()}), against ${trend.previousFrequency} the period before: ${change}.`;
        return {
          id: `${baseUrl}/keywords#rising-${encodeURIComponent(trend.keyword)}-${dayText}`,
          title: `Rising: ${trend.keyword}`,
          url: storiesUrl ?? `${baseUrl}/keywords`,
          html: query.description ? `<p>${escapeHtml(summary)}</p>${storiesUrl ? `<p>Its stories: <a href="${escapeHtml(storiesUrl)}">${escapeHtml(storiesUrl)}</a></p>` : ''}` : null,
          text: query.description ? summary : '',
          published: day,
          updated: day,
          author: null,
          tags: [trend.keyword],
        };
      });
  }

  private async storiesOf(subject: Exclude<FeedSubject, { kind: 'rising-keywords' | 'digest' }>): Promise<Story[]> {
    const { query } = subject;
    switch (subject.kind) {
      case 'list':
        return this.listStories(subject.sort, subject.query);
      case 'search':
        return this.searchStories(subject.query, { domain: subject.query.domain, author: subject.query.author, sort: subject.query.sort, order: subject.query.order, hours: subject.query.hours });
      case 'keyword':
        return this.keywordStories(subject.keyword, subject.query);
      case 'domain':
        return this.searchStories(query, { domain: subject.domain, exact: true, sort: subject.query.sort, hours: subject.query.hours });
      case 'author':
        return this.searchStories(query, { author: subject.author.toLowerCase(), exact: true, sort: subject.query.sort, hours: subject.query.hours });
    }
  }

  /** A list's first `count` stories the query keeps (with `comments`, read further down the list, up to a bound). */
  private async listStories(sort: StoryListSort, query: ListFeedQuery): Promise<Story[]> {
    const hider = this.hider(query.q);
    const mutes = { matcher: hider, key: hider === NO_MUTES ? '' : `feed\u0005${feedQueryKey(query.q)}` };
    const window: Pick<StoryListQuery, 'hours' | 'timeFilter'> = { hours: query.hours ?? timeFilterHours(query.timeFilter), timeFilter: query.timeFilter };
    const base = { minScore: query.points, minVelocity: query.minVelocity, domain: query.domain, ...window };
    if (query.comments === 0) {
      const page = JSON.parse((await this.deps.stories.listPage(sort, { ...base, page: 1, limit: query.count }, mutes, { counted: false })).toString()) as { stories: Story[] };
      return page.stories;
    }
    const found: Story[] = [];
    const limit = 100;
    for (let page = 1; page * limit <= COMMENTS_SCAN_LIMIT; page++) {
      const answer = JSON.parse((await this.deps.stories.listPage(sort, { ...base, page, limit }, mutes, { counted: false })).toString()) as { stories: Story[]; hasNext: boolean };
      for (const story of answer.stories) if (story.descendants >= query.comments && found.length < query.count) found.push(story);
      if (found.length >= query.count || !answer.hasNext) break;
    }
    return found;
  }

  /**
   * A search's first `count` stories the query keeps. Each OR group is its own search, which finds the stories
   * holding every term of the group (through the index's trigrams) as it finds its text; the exclusions are applied
   * as muting rules; and the groups' stories are merged in the search's order. `exact`: the domain and author are
   * the story's own (a domain with its subdomains), not parts of them.
   */
  private async searchStories(
    query: CommonQuery,
    options: { domain?: string; author?: string; exact?: boolean; sort: SearchSort; order?: 'asc' | 'desc'; hours: SearchQuery['hours']; lookup?: string; also?: MuteMatcher },
  ): Promise<Story[]> {
    const groups = query.q.groups.length === 0 ? [[]] : query.q.groups;
    const order = options.order ?? 'desc';
    const hider = both(this.hider(query.q, []), options.also ?? NO_MUTES);
    const answers = await Promise.all(
      groups.map(async (group) => {
        // The statement answering while the index loads looks the longest term up; the index reads every one.
        const search: SearchQuery = {
          q: options.lookup ?? longestTerm(group),
          domain: options.domain ?? '',
          author: options.author ?? '',
          minScore: query.points,
          hours: options.hours,
          sort: options.sort,
          order,
          limit: query.comments > 0 ? SEARCH_PAGE : Math.min(SEARCH_PAGE, query.count),
        };
        const found = await this.deps.search.stories(search, hider, { counted: false, terms: group, exact: options.exact });
        return (JSON.parse(found.toString()) as { stories: Story[] }).stories;
      }),
    );
    const seen = new Set<number>();
    const merged = answers.flat().filter((story) => story.descendants >= query.comments && !seen.has(story.id) && seen.add(story.id));
    if (answers.length > 1) {
      const key = SORT_KEYS[options.sort];
      const sign = order === 'desc' ? -1 : 1;
      merged.sort((a, b) => sign * (key(a) - key(b)) || sign * (a.id - b.id));
    }
    return merged.slice(0, query.count);
  }
}

/** A feed's body with its media type and validators. */
export function builtFeed(document: FeedDocument, format: FeedFormat): BuiltFeed {
  const body = Buffer.from(writeFeed(document, format));
  return {
    body,
    type: `${FEED_MEDIA_TYPES[format]}; charset=utf-8`,
    // Weak: the same validator for the plain and the compressed answer (RFC 9110 §8.8.1).
    etag: `W/"${hash('sha1', body, 'base64url')}"`,
    lastModified: document.updated,
  };
}

/** A feed's document: what it is, with the freshness every feed states (docs/feeds.md, "Fresh, and honest when it is not"). */
export function feedDocument(
  feed: { title: string; description: string; homeUrl: string; selfPath: string; items: FeedItem[] },
  baseUrl: string,
  updated: Date,
  freshness: Freshness,
  note: string | null,
): FeedDocument {
  return {
    title: `HN Trends: ${feed.title}`,
    description: feed.description,
    homeUrl: feed.homeUrl,
    selfUrl: `${baseUrl}${feed.selfPath}`,
    updated,
    note,
    extension: {
      about: `${baseUrl}/feeds`,
      data_as_of: freshness.asOf === null ? null : new Date(freshness.asOf * 1000).toISOString(),
      hacker_news_unreachable_since: freshness.unreachableSince === null ? null : new Date(freshness.unreachableSince * 1000).toISOString(),
      stale: note !== null,
      note,
    },
    items: feed.items,
  };
}

/** What a feed says when its data is not current: Hacker News unreachable for more than five minutes. */
export function staleNote(freshness: Freshness, nowSeconds: number): string | null {
  if (freshness.unreachableSince === null || nowSeconds - freshness.unreachableSince <= STALE_AFTER_SECONDS) return null;
  const since = new Date(freshness.unreachableSince * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const asOf = freshness.asOf === null ? '' : ` Its stories are as of ${new Date(freshness.asOf * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')}.`;
  return `Note: Hacker News has been unreachable since ${since}; this feed is not being updated.${asOf}`;
}

const SORT_KEYS: Record<SearchSort, (story: Story) => number> = {
  score: (story) => story.score,
  comments: (story) => story.descendants,
  time: (story) => story.time,
  trending: (story) => story.trendingScore,
};

/** A matcher that hides the stories `keeps` rejects (a fixed condition of a feed, e.g. its domain). */
function matcherWhere(keeps: (story: MutableStory) => boolean): MuteMatcher {
  return { size: 1, hidesId: () => false, mutes: (story) => !keeps(story) };
}

/** The matchers `both` made, by their two parts: the same pair is the same matcher, whose verdicts the index keeps. */
const pairs = new WeakMap<MuteMatcher, WeakMap<MuteMatcher, MuteMatcher>>();

/** Hides what either hides. */
function both(a: MuteMatcher, b: MuteMatcher): MuteMatcher {
  if (b.size === 0) return a;
  if (a.size === 0) return b;
  let withA = pairs.get(a);
  if (!withA) pairs.set(a, (withA = new WeakMap()));
  let pair = withA.get(b);
  if (!pair) {
    pair = { size: a.size + b.size, hidesId: (id) => a.hidesId(id) || b.hidesId(id), mutes: (story) => a.mutes(story) || b.mutes(story) };
    withA.set(b, pair);
  }
  return pair;
}

function describe(subject: FeedSubject): { title: string; description: string; homePath: string } {
  const filters = describeFilters(subject.query);
  switch (subject.kind) {
    case 'list': {
      const hours = subject.query.hours ?? timeFilterHours(subject.query.timeFilter);
      const window = hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;
      return {
        title: `${LIST_TITLES[subject.sort]}${subject.query.domain ? ` from ${subject.query.domain}` : ''}${filters}`,
        description: `${LIST_TITLES[subject.sort]} of the last ${window} on Hacker News, as HN Trends ranks them.`,
        homePath: '/',
      };
    }
    case 'search': {
      const { domain, author, sort } = subject.query;
      const parts = [domain && `domain ${domain}`, author && `author ${author}`].filter(Boolean).join(', ');
      return {
        title: `Search${filters}${parts ? ` (${parts})` : ''}`,
        description: `Hacker News stories matching a search, by ${sort}.`,
        homePath: '/search',
      };
    }
    case 'keyword':
      return { title: `Stories mentioning ${subject.keyword}${filters}`, description: `Hacker News stories whose title mentions ${subject.keyword}.`, homePath: '/keywords' };
    case 'domain':
      return { title: `Stories from ${subject.domain}${filters}`, description: `Hacker News stories linking to ${subject.domain} and its subdomains.`, homePath: '/' };
    case 'author':
      return { title: `Stories by ${subject.author}${filters}`, description: `Hacker News stories submitted by ${subject.author}.`, homePath: '/' };
    case 'digest':
      return {
        title: `${subject.period === 'daily' ? 'Daily' : 'Weekly'} digest${filters}`,
        description: `The ${subject.query.count} best scored Hacker News stories of each ${subject.period === 'daily' ? 'day' : 'week'} (UTC), one item per ${subject.period === 'daily' ? 'day' : 'week'}.`,
        homePath: '/',
      };
    case 'rising-keywords':
      return {
        title: `Rising keywords${filters}`,
        description: `Keywords of Hacker News titles rising (${KEYWORD_PERIOD_LABELS[subject.query.period].toLowerCase()}), each linking to a feed of its stories.`,
        homePath: '/keywords',
      };
  }
}

export function describeFilters(query: CommonQuery): string {
  const parts: string[] = [];
  if (query.q.groups.length > 0) parts.push(query.q.groups.map((group) => group.join(' ')).join(' or '));
  if (query.q.exclusions.length > 0) parts.push(`without ${query.q.exclusions.map((rule) => (rule.kind === 'word' ? rule.value : `${rule.kind} ${rule.value}`)).join(', ')}`);
  if (query.points > 0) parts.push(`${query.points}+ points`);
  if (query.comments > 0) parts.push(`${query.comments}+ comments`);
  return parts.length === 0 ? '' : ` (${parts.join('; ')})`;
}

const HTTP_URL = /^https?:\/\//i;

const HTML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[<>&"']/;
export const escapeHtml = (value: string) => (HTML_SPECIAL.test(value) ? value.replace(/[<>&"']/g, (char) => HTML_ENTITIES[char]!) : value);

/** A story as a feed item: its id is its Hacker News item's address, the same in every feed and every fetch. */
export function storyItem(story: Story, baseUrl: string, link: 'url' | 'comments', description: boolean): FeedItem {
  const discussion = itemPageUrl(story.hnId);
  const article = storyLinkUrl(story);
  const articleUrl = HTTP_URL.test(article) ? article : discussion;
  const time = new Date(story.time * 1000);
  const storyPage = `${baseUrl}${storyPagePath(story.id)}`;
  const points = `${story.score} point${story.score === 1 ? '' : 's'}`;
  const comments = `${story.descendants} comment${story.descendants === 1 ? '' : 's'}`;
  const esc = escapeHtml;
  const html = description
    ? [
        story.url && HTTP_URL.test(story.url) ? `<p>Article URL: <a href="${esc(story.url)}">${esc(story.url)}</a></p>` : '',
        `<p>Comments URL: <a href="${esc(discussion)}">${esc(discussion)}</a></p>`,
        `<p>Points: ${story.score}</p>`,
        `<p># Comments: ${story.descendants}</p>`,
        `<p>History and prediction: <a href="${esc(storyPage)}">${esc(storyPage)}</a></p>`,
      ].join('')
    : null;
  return {
    id: discussion,
    title: story.title,
    url: link === 'comments' ? discussion : articleUrl,
    commentsUrl: discussion,
    html,
    text: description ? `${points}, ${comments}` : '',
    published: time,
    updated: time,
    author: story.by ? { name: story.by, url: `https://news.ycombinator.com/user?id=${encodeURIComponent(story.by)}` } : null,
  };
}

const DATE_LABEL = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A digest's item: its period's stories as a numbered list (or, with description=0, its title alone). */
function digestItem(period: DigestFeed, start: Date, end: Date, stories: Story[], baseUrl: string, query: DigestFeedQuery): FeedItem {
  const day = start.toISOString().slice(0, 10);
  const label = DATE_LABEL.format(start);
  const title = period === 'daily' ? `Best of ${label}` : `Best of the week of ${label}`;
  const lines = stories.map((story) => ({ story, item: storyItem(story, baseUrl, query.link, false), facts: `(${story.score} points, ${story.descendants} comments)` }));
  const html = query.description
    ? lines.length === 0
      ? '<p>No story of this period passes the feed\'s filters.</p>'
      : `<ol>${lines.map(({ item, facts }) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a> ${escapeHtml(facts)} <a href="${escapeHtml(item.commentsUrl!)}">discussion</a></li>`).join('')}</ol>`
    : null;
  return {
    id: `${baseUrl}/feeds/${period}#${day}`,
    title,
    url: `${baseUrl}/feeds#${period}-${day}`,
    html,
    text: query.description ? lines.map(({ story, facts }, i) => `${i + 1}. ${story.title} ${facts}`).join('\n') : '',
    published: end,
    updated: end,
    author: null,
  };
}
