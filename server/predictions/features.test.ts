import { describe, expect, it } from 'vitest';
import { FRONT_PAGE_UPVOTES_PER_HOUR } from '../hn/derive.ts';
import { extractFeatures, OutcomeHistory, titleWords, type PageAt, type PredictionStory } from './features.ts';

const HOUR = 3600;
const T0 = Date.UTC(2021, 2, 1, 12, 0, 0) / 1000; // a Monday, noon UTC
const PAGE: PageAt = { newestId: 1_000_480, idsPerHour: 480, medianScore: 99 };

/** Seen every 30 minutes from T0: its score and rank as given, comments a tenth of the score. */
function story(scores: number[], ranks: number[], fields: Partial<PredictionStory> = {}): PredictionStory {
  return {
    id: 1_000_000,
    title: 'Show HN: A compiler in 500 lines',
    domain: 'example.com',
    by: 'alice',
    createdBefore: T0 - HOUR,
    sightings: scores.map((score, k) => ({ at: T0 + k * 1800, rank: ranks[k]!, score, comments: Math.floor(score / 10) })),
    ...fields,
  };
}

describe('extractFeatures never reads data after the prediction time', () => {
  it('gives the same features when the story’s future is removed', () => {
    // The future: the story climbs to rank 1 and 900 points, and is seen at other ranks.
    const full = story([20, 40, 90, 300, 900], [25, 12, 4, 1, 1]);
    const history = new OutcomeHistory();
    for (let k = 0; k < 3; k++) {
      const at = full.sightings[k]!.at;
      const known = { ...full, sightings: full.sightings.filter((sighting) => sighting.at <= at) };
      expect(extractFeatures(full, at, history, PAGE)).toEqual(extractFeatures(known, at, history, PAGE));
    }
  });

  it('reads the counts of the last sighting at or before the prediction time', () => {
    const full = story([20, 40, 90], [25, 12, 4]);
    const features = extractFeatures(full, T0 + 1800 + 60, new OutcomeHistory(), PAGE);
    expect(features.logScore).toBeCloseTo(Math.log1p(40), 12);
    expect(features.logRank).toBeCloseTo(Math.log(12), 12);
    expect(features.logBestRank).toBeCloseTo(Math.log(12), 12);
  });

  it('refuses a moment before the story was first seen', () => {
    expect(() => extractFeatures(story([20], [25]), T0 - 1, new OutcomeHistory(), PAGE)).toThrow(/sighting/);
  });
});

describe('extractFeatures', () => {
  const full = story([20, 40, 90], [25, 12, 4]);
  const at = T0 + HOUR;
  const features = extractFeatures(full, at, new OutcomeHistory(), PAGE);

  it('measures age from the upper bound on submission time, and from the ids allocated since', () => {
    expect(features.logAgeHours).toBeCloseTo(Math.log1p(2), 12);
    // 480 ids since, at 480 an hour: one hour.
    expect(features.logIdAgeHours).toBeCloseTo(Math.log1p(1), 12);
    expect(features.logScorePerIdAgeHour).toBeCloseTo(Math.log(90), 12);
    expect(features.logHoursOnPage).toBeCloseTo(Math.log1p(1), 12);
  });

  it('takes velocity over the trailing window from the story’s submission when it is younger than the window', () => {
    // Two hours old, inside the two-hour window: (90 − 1) points over 2 hours.
    expect(features.logVelocity).toBeCloseTo(Math.log1p(44.5), 12);
  });

  it('compares the score with the upvotes expected at the ranks held (the exposure model)', () => {
    const expected = (FRONT_PAGE_UPVOTES_PER_HOUR[24] + FRONT_PAGE_UPVOTES_PER_HOUR[11]) / 2;
    expect(features.logUpvoteRatio).toBeCloseTo(Math.log(Math.min(3, (89 + 5) / (expected + 5))), 12);
    expect(features.logHoursAtRankRate).toBeCloseTo(Math.log(91 / FRONT_PAGE_UPVOTES_PER_HOUR[3]), 12);
  });

  it('places the moment in the day and week (UTC) and against the page', () => {
    // 13:00 on a Monday.
    expect(features.hourSin).toBeCloseTo(Math.sin((13 / 24) * 2 * Math.PI), 12);
    expect(features.weekdayCos).toBeCloseTo(Math.cos(((1 + 13 / 24) / 7) * 2 * Math.PI), 12);
    expect(features.logScoreOverPage).toBeCloseTo(Math.log(91 / 100), 12);
  });

  it('measures the score’s growth over the last half hour, hour and three hours, and the points still to go', () => {
    // Seen with 20, 40 and 90 points at 0, 30 and 60 minutes; the moment is at 60 minutes.
    expect(features.logGrowthHalfHour).toBeCloseTo(Math.log1p((90 - 40) / 0.5), 12);
    expect(features.logGrowthHour).toBeCloseTo(Math.log1p(90 - 20), 12);
    // No sighting three hours back: the growth since the first sighting, an hour ago.
    expect(features.logGrowthThreeHours).toBeCloseTo(Math.log1p(90 - 20), 12);
    expect(features.logPointsToGo).toBeCloseTo(Math.log1p(300 - 90), 12);
    expect(features.logGrowthHourOverPointsToGo).toBeCloseTo(Math.log1p(70) - Math.log1p(210), 12);
  });

  it('gives no growth at a first sighting, nor for a falling score', () => {
    const first = extractFeatures(full, T0, new OutcomeHistory(), PAGE);
    expect(first.logGrowthHalfHour).toBe(0);
    expect(first.logGrowthThreeHours).toBe(0);
    const falling = extractFeatures(story([50, 45], [5, 6]), T0 + 1800, new OutcomeHistory(), PAGE);
    expect(falling.logGrowthHalfHour).toBe(0);
    // Two sightings a few minutes apart count as a quarter of an hour: 10 points are 40 an hour, not 600.
    const close = { ...story([50], [5]), sightings: [{ at: T0, rank: 5, score: 50, comments: 0 }, { at: T0 + 60, rank: 5, score: 60, comments: 0 }] };
    expect(extractFeatures(close, T0 + 60, new OutcomeHistory(), PAGE).logGrowthHalfHour).toBeCloseTo(Math.log1p(40), 12);
  });

  it('reads the kind of post from the title and the url', () => {
    expect(features.showHn).toBe(1);
    expect(features.askHn).toBe(0);
    expect(features.textPost).toBe(0);
    const ask = extractFeatures(story([20], [25], { title: 'Ask HN: Who is hiring?', domain: '' }), T0, new OutcomeHistory(), PAGE);
    expect(ask.askHn).toBe(1);
    expect(ask.textPost).toBe(1);
  });

  it('gives no lift to domains, submitters and words never seen, and a positive one to those that trended', () => {
    expect(features.domainLift).toBe(0);
    expect(features.authorLift).toBe(0);
    expect(features.titleWordLift).toBe(0);
    const history = new OutcomeHistory();
    for (let k = 0; k < 10; k++) history.settle({ title: 'Plain news', domain: 'other.org', by: 'bob' }, 50);
    for (let k = 0; k < 5; k++) history.settle({ title: 'A compiler', domain: 'example.com', by: 'alice' }, 400);
    const lifted = extractFeatures(full, at, history, PAGE);
    expect(lifted.domainLift).toBeGreaterThan(0);
    expect(lifted.authorLift).toBeGreaterThan(0);
    expect(lifted.titleWordBest).toBeGreaterThan(0);
    expect(lifted.logDomainStories).toBeCloseTo(Math.log1p(5), 12);
    const other = extractFeatures(story([20], [25], { domain: 'other.org', by: 'bob' }), T0, history, PAGE);
    expect(other.domainLift).toBeLessThan(0);
  });
});

describe('OutcomeHistory', () => {
  it('counts settled stories by domain, submitter and distinct title word, and those that reached 300', () => {
    const history = new OutcomeHistory();
    history.settle({ title: 'Rust rust Go', domain: 'a.com', by: 'x' }, 300);
    history.settle({ title: 'Go', domain: '', by: 'x' }, 299);
    expect(history.overall()).toEqual({ stories: 2, reached: 1 });
    expect(history.domain('a.com')).toEqual({ stories: 1, reached: 1 });
    // Text posts have no domain to learn from.
    expect(history.domain('')).toEqual({ stories: 0, reached: 0 });
    expect(history.author('x')).toEqual({ stories: 2, reached: 1 });
    expect(history.word('rust')).toEqual({ stories: 1, reached: 1 });
    expect(history.word('go')).toEqual({ stories: 2, reached: 1 });
  });

  it('splits titles into distinct lowercased words of letters and digits', () => {
    expect(titleWords('Show HN: Go 1.18 – généricité, go!')).toEqual(['show', 'hn', 'go', '1', '18', 'généricité']);
  });
});
