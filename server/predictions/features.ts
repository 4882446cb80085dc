/**
 * The features of a story at the moment of a prediction, from what is known then and nothing later:
 * its front-page sightings up to that moment, and the outcomes of earlier stories (domain, submitter,
 * title words) as far as they were known then. docs/predictions.md lists them with their reasons.
 */
import { PREDICTION_TARGET_POINTS } from '#common/rules/predictions.ts';
import { computeVelocity, expectedUpvotesPerHour, upvoteRatio } from '../hn/derive.ts';

const SECONDS_PER_HOUR = 3600;

/** One look at a story on the front page. */
export interface Sighting {
  /** Unix seconds. */
  at: number;
  /** Front-page rank, 1-30. */
  rank: number;
  score: number;
  comments: number;
}

export interface PredictionStory {
  /** Hacker News id: ids are allocated in time order, so the ids seen since tell the story's age. */
  id: number;
  title: string;
  /** Host of the url without `www.`; empty for text posts. */
  domain: string;
  by: string;
  /** Submission time, or an upper bound on it (the recording knows no better), unix seconds. */
  createdBefore: number;
  /** Front-page sightings in time order. May run past the prediction time: those are never read. */
  sightings: readonly Sighting[];
}

/** How many earlier stories of a kind are known, and how many of them reached the target. */
export interface OutcomeCounts {
  stories: number;
  reached: number;
}

/** Outcomes of earlier stories as known at the prediction time. */
export interface History {
  overall(): OutcomeCounts;
  domain(domain: string): OutcomeCounts;
  author(by: string): OutcomeCounts;
  word(word: string): OutcomeCounts;
}

/** The front page and the id counter at the prediction time. */
export interface PageAt {
  /** The highest story id seen so far. */
  newestId: number;
  /** How fast ids are allocated lately (all items, comments included). */
  idsPerHour: number;
  /** Median score of the stories on the front page. */
  medianScore: number;
}

export const FEATURE_NAMES = [
  'logScore',
  'logComments',
  'logRank',
  'inverseRank',
  'logScoreByLogRank',
  'logBestRank',
  'logAgeHours',
  'logIdAgeHours',
  'logScorePerIdAgeHour',
  'logScoreOverPage',
  'logHoursOnPage',
  'logVelocity',
  'logCommentsVelocity',
  'logUpvoteRatio',
  'logHoursAtRankRate',
  'commentsPerPoint',
  'hourSin',
  'hourCos',
  'weekdaySin',
  'weekdayCos',
  'logDomainStories',
  'domainLift',
  'textPost',
  'logAuthorStories',
  'authorLift',
  'titleWordLift',
  'titleWordBest',
  'showHn',
  'askHn',
  'titleWords',
] as const;

/**
 * What the product's head reads besides FEATURE_NAMES: how fast the score grew over the last half hour, hour and three
 * hours, the points still to go to the target, and the two together (about the log of the hours the last hour's pace
 * needs to reach the target). They matter at later sightings; at a first sighting there is no growth yet, so the
 * first-sighting head does without them.
 */
export const GROWTH_FEATURE_NAMES = [
  'logGrowthHalfHour',
  'logGrowthHour',
  'logGrowthThreeHours',
  'logPointsToGo',
  'logGrowthHourOverPointsToGo',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number] | (typeof GROWTH_FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

/** The velocity window of ingestion's default configuration (VELOCITY_WINDOW_HOURS). */
export const VELOCITY_WINDOW_HOURS = 2;
/** Earlier stories' rates are pulled toward the overall rate as if this many average stories were added. */
export const HISTORY_PRIOR_STORIES = 20;
/** Gaps between sightings longer than this (recording outages) count as this much exposure. */
export const MAX_EXPOSURE_GAP_SECONDS = 45 * 60;
/** Growth is measured over at least this long (a quarter of an hour), so two close sightings do not make a spike. */
const MIN_GROWTH_HOURS = 0.25;
/** A story among the newest ids has its score over at least this many hours (a floor against noise). */
const MIN_ID_AGE_HOURS = 0.25;
/** Before any outcome is known, about one front-page story in ten reaches 300 (data README). */
const DEFAULT_BASE_RATE = 0.1;

/** The distinct lowercased words of a title (letters and digits), the unit of the title-word history. */
export function titleWords(title: string): string[] {
  return [...new Set(title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** The features of `story` at unix second `at`, from its sightings up to `at` and the history as known then. */
export function extractFeatures(story: PredictionStory, at: number, history: History, page: PageAt): Features {
  const seen = story.sightings.filter((sighting) => sighting.at <= at);
  const now = seen.at(-1);
  if (!now) throw new Error('a prediction needs at least one sighting at or before its time');
  const first = seen[0]!;
  const ageHours = Math.max(0, at - story.createdBefore) / SECONDS_PER_HOUR;
  // The recording has no submission times; the ids allocated since estimate the age (up to the
  // newest story's own age), which separates a story that rose in minutes from one that took hours.
  const idAgeHours = Math.max(0, page.newestId - story.id) / page.idsPerHour;

  const windowStart = at - VELOCITY_WINDOW_HOURS * SECONDS_PER_HOUR;
  const beforeWindow = seen.findLast((sighting) => sighting.at <= windowStart) ?? null;
  const asCounts = (sighting: Sighting) => ({ at: sighting.at, score: sighting.score, descendants: sighting.comments });
  const velocity = computeVelocity({
    time: story.createdBefore,
    now: asCounts(now),
    beforeWindow: beforeWindow && asCounts(beforeWindow),
    earliest: asCounts(first),
    windowHours: VELOCITY_WINDOW_HOURS,
  });

  // Expected upvotes at the ranks held, as ingestion accrues them (docs/algorithms.md).
  let exposure = 0;
  let bestRank = first.rank;
  for (let k = 1; k < seen.length; k++) {
    const gap = Math.min(seen[k]!.at - seen[k - 1]!.at, MAX_EXPOSURE_GAP_SECONDS);
    exposure += (expectedUpvotesPerHour(seen[k - 1]!.rank, null) * gap) / SECONDS_PER_HOUR;
    bestRank = Math.min(bestRank, seen[k]!.rank);
  }

  const base = rate(history.overall(), DEFAULT_BASE_RATE);
  const lift = (counts: OutcomeCounts) => logOdds(rate(counts, base)) - logOdds(base);
  const domain = history.domain(story.domain);
  const author = history.author(story.by);
  const words = titleWords(story.title);
  const wordLifts = words.map((word) => lift(history.word(word)));
  const date = new Date(at * 1000);
  const hourAngle = ((date.getUTCHours() + date.getUTCMinutes() / 60) / 24) * 2 * Math.PI;
  const weekdayAngle = ((date.getUTCDay() + date.getUTCHours() / 24) / 7) * 2 * Math.PI;
  const title = story.title.toLowerCase();
  // Points an hour since the last sighting at least `hours` before now (the first sighting when there is none).
  const growth = (hours: number) => {
    const then = seen.findLast((sighting) => sighting.at <= at - hours * SECONDS_PER_HOUR) ?? first;
    const elapsed = Math.max((at - then.at) / SECONDS_PER_HOUR, MIN_GROWTH_HOURS);
    return Math.log1p(Math.max(0, now.score - then.score) / elapsed);
  };
  const logGrowthHour = growth(1);
  const logPointsToGo = Math.log1p(Math.max(0, PREDICTION_TARGET_POINTS - now.score));

  return {
    logScore: Math.log1p(now.score),
    logComments: Math.log1p(now.comments),
    logRank: Math.log(now.rank),
    inverseRank: 1 / now.rank,
    logScoreByLogRank: Math.log1p(now.score) * Math.log(now.rank),
    logBestRank: Math.log(bestRank),
    logAgeHours: Math.log1p(ageHours),
    logIdAgeHours: Math.log1p(idAgeHours),
    logScorePerIdAgeHour: Math.log(now.score / Math.max(idAgeHours, MIN_ID_AGE_HOURS)),
    logScoreOverPage: Math.log((now.score + 1) / (page.medianScore + 1)),
    logHoursOnPage: Math.log1p((at - first.at) / SECONDS_PER_HOUR),
    logVelocity: Math.log1p(velocity.scoreVelocity),
    logCommentsVelocity: Math.log1p(velocity.commentsVelocity),
    logUpvoteRatio: Math.log(upvoteRatio(now.score, exposure)),
    // Hours of an average story's attention at this rank that the score is worth: a high score at a
    // low rank means the story is older (Hacker News ranks by points over age).
    logHoursAtRankRate: Math.log((now.score + 1) / expectedUpvotesPerHour(now.rank, null)),
    commentsPerPoint: Math.log((now.comments + 1) / (now.score + 1)),
    hourSin: Math.sin(hourAngle),
    hourCos: Math.cos(hourAngle),
    weekdaySin: Math.sin(weekdayAngle),
    weekdayCos: Math.cos(weekdayAngle),
    logDomainStories: Math.log1p(domain.stories),
    domainLift: story.domain ? lift(domain) : 0,
    textPost: story.domain ? 0 : 1,
    logAuthorStories: Math.log1p(author.stories),
    authorLift: lift(author),
    titleWordLift: wordLifts.length ? wordLifts.reduce((sum, value) => sum + value, 0) / wordLifts.length : 0,
    titleWordBest: wordLifts.length ? Math.max(...wordLifts) : 0,
    showHn: title.startsWith('show hn') ? 1 : 0,
    askHn: title.startsWith('ask hn') || title.startsWith('tell hn') ? 1 : 0,
    titleWords: Math.log1p(words.length),
    logGrowthHalfHour: growth(0.5),
    logGrowthHour,
    logGrowthThreeHours: growth(3),
    logPointsToGo,
    logGrowthHourOverPointsToGo: logGrowthHour - logPointsToGo,
  };
}

/** The counts' rate of reaching the target, pulled toward `base` by HISTORY_PRIOR_STORIES. */
function rate(counts: OutcomeCounts, base: number): number {
  return (counts.reached + HISTORY_PRIOR_STORIES * base) / (counts.stories + HISTORY_PRIOR_STORIES);
}

function logOdds(p: number): number {
  return Math.log(p / (1 - p));
}

/**
 * Outcomes of stories as they become known. A story is settled once (by the caller, in time order)
 * with whether it had reached the target by then; only settled stories count in the features.
 */
export class OutcomeHistory implements History {
  private readonly all: OutcomeCounts = { stories: 0, reached: 0 };
  private readonly domains = new Map<string, OutcomeCounts>();
  private readonly authors = new Map<string, OutcomeCounts>();
  private readonly words = new Map<string, OutcomeCounts>();

  settle(story: Pick<PredictionStory, 'title' | 'domain' | 'by'>, peakScore: number): void {
    const reached = peakScore >= PREDICTION_TARGET_POINTS ? 1 : 0;
    add(this.all, reached);
    if (story.domain) add(counted(this.domains, story.domain), reached);
    add(counted(this.authors, story.by), reached);
    for (const word of titleWords(story.title)) add(counted(this.words, word), reached);
  }

  overall(): OutcomeCounts {
    return { ...this.all };
  }

  domain(domain: string): OutcomeCounts {
    return { ...(this.domains.get(domain) ?? NONE) };
  }

  author(by: string): OutcomeCounts {
    return { ...(this.authors.get(by) ?? NONE) };
  }

  word(word: string): OutcomeCounts {
    return { ...(this.words.get(word) ?? NONE) };
  }
}

const NONE: OutcomeCounts = { stories: 0, reached: 0 };

function counted(map: Map<string, OutcomeCounts>, key: string): OutcomeCounts {
  let counts = map.get(key);
  if (!counts) map.set(key, (counts = { stories: 0, reached: 0 }));
  return counts;
}

function add(counts: OutcomeCounts, reached: number): void {
  counts.stories++;
  counts.reached += reached;
}
