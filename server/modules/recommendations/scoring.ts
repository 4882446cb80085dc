import type { MatchKind, Reason, ReasonSource } from '#common/contracts/recommendations.ts';
import { keywordKey, type AliasMap } from '#common/rules/keywords.ts';
import { RecentMap } from '../../recent-map.ts';
import { extractKeywords } from '../keywords/extract.ts';

/**
 * "For you" (docs/recommendations.md): content-based recommendations. A person's profile is the title keywords,
 * sites and authors of the stories they bookmarked, watched and wrote notes on, and the keywords of their alerts,
 * each weighted by how strong the signal is and how recent. A candidate story scores the sum, over what it shares
 * with the profile, of the profile's weight times how rare that feature is among the candidates (common sites and
 * words say little), divided by the square root of its number of features (long titles match more by chance), with
 * a small lift for points. Every recommendation names the signals that brought it. Pure: the server and the
 * evaluation (tools/recommendations) call the same functions.
 */

export interface SignalStory {
  source: Exclude<ReasonSource, 'alert'>;
  storyId: number;
  title: string;
  domain: string;
  by: string;
  /** When the person bookmarked, watched or wrote the note (unix seconds). */
  at: number;
}

export interface AlertSignal {
  keyword: string;
}

export interface CandidateStory {
  id: number;
  title: string;
  domain: string;
  by: string;
  score: number;
}

/** How much each kind of signal says: a note is written, a watch follows a story, a bookmark keeps it. */
export const SOURCE_WEIGHTS: Record<ReasonSource, number> = { note: 1.5, bookmark: 1, watch: 1, alert: 2 };
/** How much each kind of feature says about a topic: a title's words most, then the site, then the author. */
export const MATCH_WEIGHTS: Record<MatchKind, number> = { word: 1, domain: 0.5, author: 0.3 };
/** A signal loses half its weight every this many days. */
export const HALF_LIFE_DAYS = 30;
/** The lift for points: score × (1 + POINTS_LIFT × log10(1 + points)). */
export const POINTS_LIFT = 0.1;

/** A feature: its kind and value, written `kind:value`. */
export type Feature = `${MatchKind}:${string}`;

/** The keyword keys of titles, kept by title: extraction runs once per title, not once per request. */
const keywordCache = new RecentMap<string, string[]>(50_000);

/** A title's keyword keys (the keywords extraction of docs/keywords.md), aliases applied. */
export function titleKeywords(title: string, aliases: AliasMap): string[] {
  const cacheKey = aliases.size === 0 ? title : `${aliases.size}\n${title}`;
  let keys = keywordCache.get(cacheKey);
  if (!keys) {
    keys = extractKeywords(title, aliases).map((keyword) => keyword.key);
    keywordCache.set(cacheKey, keys);
  }
  return keys;
}

/** A story's features: its title keywords, its site and its author (each lowercase). */
export function featuresOf(story: { title: string; domain: string; by: string }, aliases: AliasMap): Feature[] {
  const features = new Set<Feature>(titleKeywords(story.title, aliases).map((key): Feature => `word:${key}`));
  if (story.domain) features.add(`domain:${story.domain.toLowerCase()}`);
  if (story.by) features.add(`author:${story.by.toLowerCase()}`);
  return [...features];
}

interface Contribution {
  weight: number;
  source: ReasonSource;
  storyId: number | null;
  storyTitle: string | null;
  keyword: string | null;
}

/** Feature → its total weight, and each signal's part of it (strongest first) for the explanations. */
export type Profile = Map<Feature, { weight: number; contributions: Contribution[] }>;

export function buildProfile(signals: readonly SignalStory[], alerts: readonly AlertSignal[], aliases: AliasMap, nowSeconds: number): Profile {
  const profile: Profile = new Map();
  const add = (feature: Feature, contribution: Contribution) => {
    const entry = profile.get(feature) ?? { weight: 0, contributions: [] };
    entry.weight += contribution.weight;
    entry.contributions.push(contribution);
    profile.set(feature, entry);
  };
  for (const signal of signals) {
    const ageDays = Math.max(0, nowSeconds - signal.at) / 86_400;
    const weight = SOURCE_WEIGHTS[signal.source] * 0.5 ** (ageDays / HALF_LIFE_DAYS);
    for (const feature of featuresOf(signal, aliases)) {
      add(feature, { weight, source: signal.source, storyId: signal.storyId, storyTitle: signal.title, keyword: null });
    }
  }
  for (const alert of alerts) {
    const key = keywordKey(alert.keyword, aliases);
    if (key) add(`word:${key}`, { weight: SOURCE_WEIGHTS.alert, source: 'alert', storyId: null, storyTitle: null, keyword: alert.keyword });
  }
  for (const entry of profile.values()) entry.contributions.sort((a, b) => b.weight - a.weight);
  return profile;
}

export interface Scored<C> {
  candidate: C;
  score: number;
  reasons: Reason[];
}

/** The most reasons given for one story. */
export const MAX_REASONS = 2;

/**
 * The candidates that share anything with the profile, best first (ties: more points, then the newer id), at most
 * `limit`. Candidates in `exclude` (what the person already bookmarked, watched or noted) are left out.
 */
export function recommend<C extends CandidateStory>(
  profile: Profile,
  candidates: readonly C[],
  aliases: AliasMap,
  limit: number,
  exclude: ReadonlySet<number> = new Set(),
): Scored<C>[] {
  if (profile.size === 0 || candidates.length === 0) return [];
  const featured = candidates.map((candidate) => ({ candidate, features: featuresOf(candidate, aliases) }));
  // How many candidates hold each feature: its rarity (inverse document frequency) over this set.
  const frequency = new Map<Feature, number>();
  for (const { features } of featured) for (const feature of features) frequency.set(feature, (frequency.get(feature) ?? 0) + 1);
  const total = candidates.length;
  const rarity = (feature: Feature) => Math.log((total + 1) / ((frequency.get(feature) ?? 0) + 1)) + 1;

  const scored: Scored<C>[] = [];
  for (const { candidate, features } of featured) {
    if (exclude.has(candidate.id)) continue;
    const parts: { feature: Feature; value: number }[] = [];
    for (const feature of features) {
      const entry = profile.get(feature);
      if (!entry) continue;
      parts.push({ feature, value: entry.weight * MATCH_WEIGHTS[kindOf(feature)] * rarity(feature) });
    }
    if (parts.length === 0) continue;
    const content = parts.reduce((sum, part) => sum + part.value, 0) / Math.sqrt(features.length);
    const score = content * (1 + POINTS_LIFT * Math.log10(1 + Math.max(0, candidate.score)));
    parts.sort((a, b) => b.value - a.value);
    scored.push({ candidate, score, reasons: reasonsOf(parts.map((part) => part.feature), profile) });
  }
  scored.sort((a, b) => b.score - a.score || b.candidate.score - a.candidate.score || b.candidate.id - a.candidate.id);
  return scored.slice(0, limit);
}

const kindOf = (feature: Feature): MatchKind => feature.slice(0, feature.indexOf(':')) as MatchKind;

/** The strongest signals behind the story's best features, one reason per signal. */
function reasonsOf(features: Feature[], profile: Profile): Reason[] {
  const reasons: Reason[] = [];
  const seen = new Set<string>();
  for (const feature of features) {
    for (const contribution of profile.get(feature)!.contributions) {
      const signal = contribution.storyId === null ? `alert:${contribution.keyword}` : `story:${contribution.storyId}`;
      if (seen.has(signal)) continue;
      seen.add(signal);
      reasons.push({
        source: contribution.source,
        match: kindOf(feature),
        value: feature.slice(feature.indexOf(':') + 1),
        storyId: contribution.storyId,
        storyTitle: contribution.storyTitle,
        keyword: contribution.keyword,
      });
      break;
    }
    if (reasons.length >= MAX_REASONS) break;
  }
  return reasons;
}
