/**
 * Simulated readers over a front-page recording (docs/recommendations.md). Each reader follows one topic (a title
 * keyword or a site): in week t they bookmark every story of that topic first seen that week; at the end of week
 * t+1 (the recommendation time T) they open "For you", which ranks the stories of week t+1 (all known by T) with the
 * product's scoring (server/modules/recommendations/scoring.ts). The top 10 is scored by how many are on the topic,
 * beside two baselines that rank the same candidates: "trending now" (the product's trending score at T, from the
 * recording's observations up to T) and the week's top by points at T. Nothing from after T is read: points,
 * comments and ranks come from observations at or before T, titles and sites are known at submission.
 */
import { computeVelocity, expectedUpvotesPerHour, trendingScore, type CountsAt } from '../../server/hn/derive.ts';
import type { Observations, RecordedStory } from '../../server/predictions/dataset.ts';
import { buildProfile, featuresOf, recommend, type Feature } from '../../server/modules/recommendations/scoring.ts';
import { hitRateAt, rankBy } from './metric.ts';

export const WEEK_SECONDS = 7 * 86_400;
const HOUR = 3600;
/** The product's velocity window (VELOCITY_WINDOW_HOURS' default). */
export const VELOCITY_WINDOW_HOURS = 2;
/** A gap between samples longer than this counts this much exposure (the recorder sampled every ~30 minutes). */
const MAX_EXPOSURE_GAP_HOURS = 1;

export interface SimulationOptions {
  k: number;
  /** A topic needs at least this many stories in week t (the reader's bookmarks). */
  minBookmarks: number;
  /** The most frequent topics of each kind taken each week (keywords, sites). */
  keywordTopicsPerWeek: number;
  domainTopicsPerWeek: number;
}

export const DEFAULT_OPTIONS: SimulationOptions = { k: 10, minBookmarks: 3, keywordTopicsPerWeek: 40, domainTopicsPerWeek: 20 };

export interface ReaderResult {
  week: number;
  topic: Feature;
  bookmarks: number;
  candidates: number;
  onTopic: number;
  recommended: number;
  forYou: number;
  /** For you with the topic's own keyword or site taken out of the profile: found through what goes with it. */
  forYouWithoutTopic: number;
  trendingNow: number;
  topPoints: number;
  /** The best any ranking could do: min(k, on-topic candidates) / k. */
  ceiling: number;
}

interface Sighting {
  at: number;
  rank: number;
  score: number;
  comments: number;
}

/** Each story's sightings in time order. */
function sightingsByStory(stories: readonly RecordedStory[], rows: Observations): Sighting[][] {
  const byStory: Sighting[][] = stories.map(() => []);
  for (let row = 0; row < rows.length; row++) {
    byStory[rows.story[row]!]!.push({ at: rows.time[row]!, rank: rows.rank[row]!, score: rows.score[row]!, comments: rows.comments[row]! });
  }
  for (const sightings of byStory) sightings.sort((a, b) => a.at - b.at);
  return byStory;
}

/** The last sighting at or before `at` (binary search), or undefined. */
function lastAtOrBefore(sightings: readonly Sighting[], at: number): Sighting | undefined {
  let low = 0;
  let high = sightings.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sightings[mid]!.at <= at) low = mid + 1;
    else high = mid;
  }
  return low === 0 ? undefined : sightings[low - 1];
}

/** What the product would know of a story at T: its points and its trending score, from sightings up to T only. */
export function storyAt(story: RecordedStory, sightings: readonly Sighting[], at: number): { points: number; trending: number } {
  const last = lastAtOrBefore(sightings, at);
  if (!last) return { points: 1, trending: 0 };
  const counts = (s: Sighting): CountsAt => ({ at: s.at, score: s.score, descendants: s.comments });
  const before = lastAtOrBefore(sightings, at - VELOCITY_WINDOW_HOURS * HOUR);
  const velocity = computeVelocity({
    time: story.createdBefore,
    now: { at, score: last.score, descendants: last.comments },
    beforeWindow: before ? counts(before) : null,
    earliest: counts(sightings[0]!),
    windowHours: VELOCITY_WINDOW_HOURS,
  });
  // Exposure: the upvotes an average story would have had in the ranks it held, up to T.
  let expected = 0;
  for (let i = 0; i < sightings.length && sightings[i]!.at <= at; i++) {
    const next = Math.min(sightings[i + 1]?.at ?? at, at);
    expected += expectedUpvotesPerHour(sightings[i]!.rank, null) * Math.min(MAX_EXPOSURE_GAP_HOURS, Math.max(0, next - sightings[i]!.at) / HOUR);
  }
  const ageHours = Math.max(0, at - story.createdBefore) / HOUR;
  return { points: last.score, trending: trendingScore({ ...velocity, score: last.score, expectedUpvotes: expected, ageHours }) };
}

const NO_ALIASES: ReadonlyMap<string, string> = new Map();

/** The week index of a time, weeks counted from `start`. */
const weekOf = (start: number, at: number) => Math.floor((at - start) / WEEK_SECONDS);

export function simulate(stories: readonly RecordedStory[], rows: Observations, options: SimulationOptions = DEFAULT_OPTIONS): ReaderResult[] {
  if (stories.length === 0) return [];
  const sightings = sightingsByStory(stories, rows);
  const features = stories.map((story) => featuresOf(story, NO_ALIASES));
  // Weeks start on Mondays 00:00 UTC, from the one on or before the first story (1970-01-01 was a Thursday).
  const first = stories.reduce((earliest, story) => Math.min(earliest, story.createdBefore), Number.POSITIVE_INFINITY);
  const start = Math.floor((first - 4 * 86_400) / WEEK_SECONDS) * WEEK_SECONDS + 4 * 86_400;
  const weeks = new Map<number, number[]>();
  stories.forEach((story, index) => {
    const week = weekOf(start, story.createdBefore);
    if (!weeks.has(week)) weeks.set(week, []);
    weeks.get(week)!.push(index);
  });

  const results: ReaderResult[] = [];
  for (const [week, members] of [...weeks].sort((a, b) => a[0] - b[0])) {
    const next = weeks.get(week + 1);
    if (!next) continue;
    const at = start + (week + 2) * WEEK_SECONDS;
    // Every topic of week t, with its stories.
    const topics = new Map<Feature, number[]>();
    for (const index of members) {
      for (const feature of features[index]!) {
        if (feature.startsWith('author:')) continue;
        if (!topics.has(feature)) topics.set(feature, []);
        topics.get(feature)!.push(index);
      }
    }
    const eligible = [...topics].filter(([, indexes]) => indexes.length >= options.minBookmarks);
    const byCount = (a: [Feature, number[]], b: [Feature, number[]]) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1);
    const chosen = [
      ...eligible.filter(([topic]) => topic.startsWith('word:')).sort(byCount).slice(0, options.keywordTopicsPerWeek),
      ...eligible.filter(([topic]) => topic.startsWith('domain:')).sort(byCount).slice(0, options.domainTopicsPerWeek),
    ];
    if (chosen.length === 0) continue;

    const candidates = next.map((index) => {
      const known = storyAt(stories[index]!, sightings[index]!, at);
      return { index, id: stories[index]!.id, title: stories[index]!.title, domain: stories[index]!.domain, by: stories[index]!.by, score: known.points, trending: known.trending };
    });
    const trendingNow = rankBy(candidates, (c) => c.trending, (c) => c.score);
    const topPoints = rankBy(candidates, (c) => c.score);

    for (const [topic, indexes] of chosen) {
      const relevant = new Set(candidates.filter((c) => features[c.index]!.includes(topic)).map((c) => c.id));
      if (relevant.size === 0) continue;
      const signals = indexes.map((index) => ({
        source: 'bookmark' as const,
        storyId: stories[index]!.id,
        title: stories[index]!.title,
        domain: stories[index]!.domain,
        by: stories[index]!.by,
        // Bookmarked when first seen (in week t, before T).
        at: Math.max(stories[index]!.createdBefore, sightings[index]![0]?.at ?? stories[index]!.createdBefore),
      }));
      const profile = buildProfile(signals, [], NO_ALIASES, at);
      const bookmarked = new Set(signals.map((s) => s.storyId));
      const ranked = recommend(profile, candidates, NO_ALIASES, options.k, bookmarked).map((r) => r.candidate.id);
      const withoutTopic = new Map(profile);
      withoutTopic.delete(topic);
      const rankedWithoutTopic = recommend(withoutTopic, candidates, NO_ALIASES, options.k, bookmarked).map((r) => r.candidate.id);
      results.push({
        week,
        topic,
        bookmarks: indexes.length,
        candidates: candidates.length,
        onTopic: relevant.size,
        recommended: ranked.length,
        forYou: hitRateAt(ranked, relevant, options.k),
        forYouWithoutTopic: hitRateAt(rankedWithoutTopic, relevant, options.k),
        trendingNow: hitRateAt(trendingNow, relevant, options.k),
        topPoints: hitRateAt(topPoints, relevant, options.k),
        ceiling: Math.min(options.k, relevant.size) / options.k,
      });
    }
  }
  return results;
}
