/**
 * A feed's `q` (docs/feeds.md, "q: words, OR, phrases and exclusions"): what a feed keeps of its list.
 *
 * - Words and "quoted phrases" are found as the advanced search finds its text: anywhere in the title, the domain or
 *   the author, in any case. Every one of them must be there.
 * - `OR` (in capitals) between two groups keeps a story that matches either group: `rust OR "zig lang"`.
 * - `-word` and `-"a phrase"` leave out stories whose title holds that word or phrase as whole words;
 *   `-domain:example.com` leaves out a domain and its subdomains; `-author:name` an author. These are muting's own
 *   rules (common/rules/mutes.ts), applied to every group.
 */
import { compileMutes, normaliseMuteValue, type MutableStory, type MuteMatcher, type MuteRule } from './mutes.ts';

/** The longest `q` a feed takes. */
export const FEED_QUERY_MAX_LENGTH = 300;
/** At most this many OR groups, and this many terms (words, phrases, exclusions) in all. */
export const FEED_QUERY_MAX_GROUPS = 10;
export const FEED_QUERY_MAX_TERMS = 30;

export interface FeedQuery {
  /** Groups of terms (lower case): a story matches when it holds every term of at least one group. Empty: any story. */
  groups: string[][];
  /** The exclusions as muting rules (kinds word, domain and author). */
  exclusions: MuteRule[];
}

export const EMPTY_FEED_QUERY: FeedQuery = { groups: [], exclusions: [] };

/** A term as the text reads it: a word or a quoted phrase, with a leading `-` when it excludes. */
interface Token {
  text: string;
  quoted: boolean;
  negated: boolean;
}

function tokenize(q: string): Token[] | { error: string } {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    if (/\s/.test(q[i]!)) {
      i++;
      continue;
    }
    let negated = false;
    if (q[i] === '-' && i + 1 < q.length && !/\s/.test(q[i + 1]!)) {
      negated = true;
      i++;
    }
    if (q[i] === '"') {
      const end = q.indexOf('"', i + 1);
      if (end === -1) return { error: 'q has a quote that is not closed' };
      tokens.push({ text: q.slice(i + 1, end), quoted: true, negated });
      i = end + 1;
      continue;
    }
    let end = i;
    while (end < q.length && !/\s/.test(q[end]!)) end++;
    tokens.push({ text: q.slice(i, end), quoted: false, negated });
    i = end;
  }
  return tokens;
}

/** Parses a feed's `q`, or says why it cannot be read. */
export function parseFeedQuery(q: string): FeedQuery | { error: string } {
  if (q.length > FEED_QUERY_MAX_LENGTH) return { error: `q must be at most ${FEED_QUERY_MAX_LENGTH} characters` };
  const tokens = tokenize(q);
  if ('error' in tokens) return tokens;
  if (tokens.length > FEED_QUERY_MAX_TERMS) return { error: `q may hold at most ${FEED_QUERY_MAX_TERMS} words, phrases and exclusions` };
  const groups: string[][] = [[]];
  const exclusions: MuteRule[] = [];
  for (const [index, token] of tokens.entries()) {
    if (!token.quoted && !token.negated && token.text === 'OR') {
      if (index === 0 || index === tokens.length - 1 || groups[groups.length - 1]!.length === 0) {
        return { error: 'q has an OR without words on both sides' };
      }
      groups.push([]);
      continue;
    }
    if (token.negated) {
      const rule = exclusionRule(token);
      if ('error' in rule) return rule;
      if (!exclusions.some((known) => known.kind === rule.kind && known.value === rule.value)) exclusions.push(rule);
      continue;
    }
    const term = token.text.trim().replace(/\s+/g, ' ').toLowerCase();
    if (term === '') return { error: 'q has an empty phrase ("")' };
    groups[groups.length - 1]!.push(term);
  }
  const kept = groups.filter((group) => group.length > 0);
  if (kept.length > FEED_QUERY_MAX_GROUPS) return { error: `q may hold at most ${FEED_QUERY_MAX_GROUPS} groups joined by OR` };
  // An OR whose other side held only exclusions (`rust OR -go`) is not a group of its own.
  if (kept.length < groups.length && kept.length > 0 && groups.length > 1) return { error: 'q has an OR without words on both sides' };
  return { groups: kept, exclusions };
}

function exclusionRule(token: Token): MuteRule | { error: string } {
  const prefix = token.quoted ? null : /^(domain|site|author|by):(.*)$/i.exec(token.text);
  const kind = prefix ? (prefix[1]!.toLowerCase() === 'domain' || prefix[1]!.toLowerCase() === 'site' ? 'domain' : 'author') : 'word';
  const value = prefix ? prefix[2]! : token.text;
  const normalised = normaliseMuteValue(kind, value);
  if ('error' in normalised) return { error: `q: -${token.quoted ? `"${token.text}"` : token.text}: ${normalised.error}` };
  return { kind, value: normalised.value };
}

/** A query as one stable text, for cache keys: the same query however it was spelled. */
export function feedQueryKey(query: FeedQuery): string {
  const groups = query.groups.map((group) => [...new Set(group)].sort().join('\u0002')).sort();
  const exclusions = query.exclusions.map((rule) => `${rule.kind}:${rule.value}`).sort();
  return `${groups.join('\u0001')}\u0003${exclusions.join('\u0001')}`;
}

/** Whether a story holds every term of a group, each in its title, domain or author (any case). */
function groupMatches(group: readonly string[], title: string, domain: string, by: string): boolean {
  return group.every((term) => title.includes(term) || domain.includes(term) || by.includes(term));
}

/** Whether a story is one the query keeps: it matches a group (when there are any) and no exclusion. */
export function feedQueryKeeps(query: FeedQuery, story: MutableStory, excluded: MuteMatcher = compileMutes(query.exclusions)): boolean {
  if (excluded.mutes(story)) return false;
  if (query.groups.length === 0) return true;
  const title = story.title.toLowerCase();
  const domain = story.domain.toLowerCase();
  const by = story.by.toLowerCase();
  return query.groups.some((group) => groupMatches(group, title, domain, by));
}

/**
 * The stories a query leaves out, as a muting matcher: the lists and searches take muting rules, and hide what a
 * matcher "mutes". `alsoHides` adds another matcher's (a person's own rules, on their private feeds). `groups` says
 * which groups count (one group when a search already found the stories holding its longest term).
 */
export function feedQueryHider(query: FeedQuery, { groups = query.groups, alsoHides }: { groups?: string[][]; alsoHides?: MuteMatcher } = {}): MuteMatcher {
  const excluded = compileMutes(query.exclusions);
  const size = excluded.size + groups.length + (alsoHides?.size ?? 0);
  return {
    size,
    hidesId: (id) => alsoHides?.hidesId(id) ?? false,
    mutes(story) {
      if (alsoHides && alsoHides.mutes(story)) return true;
      return !feedQueryKeeps({ groups, exclusions: query.exclusions }, story, excluded);
    },
  };
}

/** A group's longest term: what a search looks up first (its trigrams find the fewest stories). */
export function longestTerm(group: readonly string[]): string {
  return group.reduce((longest, term) => (term.length > longest.length ? term : longest), '');
}
