import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IDS_PER_HOUR,
  FIRST_SIGHTING_ONLY,
  reachesAtPeak,
  reachesWithinHorizon,
  replayRecording,
  SETTLE_AFTER_SECONDS,
  type Observations,
  type RecordedStory,
} from './dataset.ts';
import { extractFeatures } from './features.ts';
import { testRecording, truncated } from './test-recording.ts';

const HOUR = 3600;
const T0 = Date.UTC(2021, 0, 4) / 1000;

describe('replayRecording never reads data after a prediction’s moment', () => {
  it('gives every moment the same features when everything after it is removed', () => {
    const { stories, rows } = testRecording(T0, 4);
    const policy = { everyHours: 1, untilHours: 6 };
    const full = replayRecording(stories, rows, policy);
    const cut = T0 + 2.5 * 24 * HOUR;
    const past = replayRecording(stories, truncated(rows, cut), policy);
    const before = full.moments.filter((moment) => moment.at <= cut);
    expect(before.length).toBeGreaterThan(100);
    expect(past.moments).toEqual(before);
    // The truncated replay did lose the future: stories after the cut, outcomes settled after it.
    expect(full.moments.length).toBeGreaterThan(past.moments.length);
  });

  it('shows each sighting only what was known then: the product’s features at every sighting match without the future', () => {
    const { stories, rows } = testRecording(T0, 4);
    const cut = T0 + 2.5 * 24 * HOUR;
    const featuresAtEverySighting = (observations: Observations) => {
      const seen: { index: number; at: number; features: ReturnType<typeof extractFeatures> }[] = [];
      replayRecording(stories, observations, FIRST_SIGHTING_ONLY, ({ index, story, at, history, page }) => {
        expect(story.sightings.at(-1)!.at).toBe(at);
        seen.push({ index, at, features: extractFeatures(story, at, history, page) });
      });
      return seen;
    };
    const full = featuresAtEverySighting(rows);
    const past = featuresAtEverySighting(truncated(rows, cut));
    expect(full).toHaveLength(rows.length);
    expect(past.length).toBeGreaterThan(1000);
    expect(past).toEqual(full.filter((sighting) => sighting.at <= cut));
  });
});

/** Hand-written rows: [time, rank, story index, score, comments], in time order. */
function rowsOf(list: [number, number, number, number, number][]): Observations {
  return {
    length: list.length,
    time: list.map((row) => row[0]),
    rank: list.map((row) => row[1]),
    story: list.map((row) => row[2]),
    score: list.map((row) => row[3]),
    comments: list.map((row) => row[4]),
  };
}

const story = (id: number, domain: string): RecordedStory => ({ id, title: `Story ${id}`, domain, by: `by${id}`, createdBefore: T0 });

describe('replayRecording', () => {
  it('counts an earlier story in its domain’s history only once settled, a day after its first sighting', () => {
    const stories = [story(1, 'd.example'), story(2, 'd.example'), story(3, 'd.example')];
    const rows = rowsOf([
      [T0, 1, 0, 400, 90],
      [T0 + SETTLE_AFTER_SECONDS - HOUR, 5, 1, 20, 2],
      [T0 + SETTLE_AFTER_SECONDS + HOUR, 5, 2, 20, 2],
    ]);
    const { moments } = replayRecording(stories, rows, FIRST_SIGHTING_ONLY);
    expect(moments.map((moment) => moment.story)).toEqual([0, 1, 2]);
    expect(moments[1]!.features.logDomainStories).toBe(0);
    expect(moments[1]!.features.domainLift).toBe(0);
    expect(moments[2]!.features.logDomainStories).toBeCloseTo(Math.log1p(1), 12);
    expect(moments[2]!.features.domainLift).toBeGreaterThan(0);
  });

  it('predicts at the first sighting, then every hour on the page while under 6 hours and under 300 points', () => {
    const rows = rowsOf(
      Array.from({ length: 16 }, (_, k): [number, number, number, number, number] => [T0 + k * 1800, 3, 0, k < 10 ? 50 + k : 300, 0]),
    );
    const every = replayRecording([story(1, 'a.example')], rows, { everyHours: 1, untilHours: 6 });
    // 0 h, 1 h, 2 h, 3 h, 4 h: at 5 h (sighting 10) the story has 300 points and is decided.
    expect(every.moments.map((moment) => moment.hoursOnPage)).toEqual([0, 1, 2, 3, 4]);
    const first = replayRecording([story(1, 'a.example')], rows, FIRST_SIGHTING_ONLY);
    expect(first.moments.map((moment) => moment.hoursOnPage)).toEqual([0]);
    expect(every.sightings[0]).toHaveLength(16);
  });

  it('estimates age from the ids allocated since, at the id rate of the trailing day', () => {
    const stories = [story(1000, 'a.example'), story(760, 'a.example'), story(1480, 'a.example'), story(1240, 'a.example')];
    const rows = rowsOf([
      [T0, 1, 0, 10, 0],
      [T0, 2, 1, 10, 0],
      [T0 + HOUR, 1, 2, 10, 0],
      [T0 + 2 * HOUR, 1, 3, 10, 0],
    ]);
    const { moments } = replayRecording(stories, rows, FIRST_SIGHTING_ONLY);
    const ageHours = moments.map((moment) => Math.expm1(moment.features.logIdAgeHours));
    // At the first snapshot no rate is measured yet: 240 ids behind the newest at the default 480 an hour.
    expect(DEFAULT_IDS_PER_HOUR).toBe(480);
    expect(ageHours[0]).toBe(0);
    expect(ageHours[1]).toBeCloseTo(0.5, 12);
    // The newest id is its own story: age 0.
    expect(ageHours[2]).toBe(0);
    // Two hours on, 480 ids were allocated in 2 hours: 240 ids behind is an hour.
    expect(ageHours[3]).toBeCloseTo(1, 12);
  });

  it('compares a story’s score with the median score on the page at that moment', () => {
    const stories = [story(1, 'a.example'), story(2, 'a.example'), story(3, 'a.example')];
    const rows = rowsOf([
      [T0, 1, 0, 99, 0],
      [T0, 2, 1, 9, 0],
      [T0, 3, 2, 3, 0],
    ]);
    const { moments } = replayRecording(stories, rows, FIRST_SIGHTING_ONLY);
    // Median 9: the whole snapshot is known before any of its stories is predicted.
    expect(moments[0]!.features.logScoreOverPage).toBeCloseTo(Math.log(100 / 10), 12);
    expect(moments[2]!.features.logScoreOverPage).toBeCloseTo(Math.log(4 / 10), 12);
  });

  it('refuses rows out of time order', () => {
    const rows = rowsOf([
      [T0 + HOUR, 1, 0, 10, 0],
      [T0, 1, 1, 10, 0],
    ]);
    expect(() => replayRecording([story(1, 'a'), story(2, 'a')], rows, FIRST_SIGHTING_ONLY)).toThrow(/sorted by time/);
  });
});

describe('labels', () => {
  const sightings = [
    { at: T0, rank: 10, score: 50, comments: 0 },
    { at: T0 + 5 * HOUR, rank: 3, score: 299, comments: 0 },
    { at: T0 + 7 * HOUR, rank: 2, score: 300, comments: 0 },
  ];

  it('reaches the target within the horizon only if a sighting in the next 6 hours shows 300 points', () => {
    expect(reachesWithinHorizon(sightings, T0)).toBe(false);
    expect(reachesWithinHorizon(sightings, T0 + HOUR)).toBe(true);
    expect(reachesWithinHorizon(sightings, T0 + 7 * HOUR)).toBe(true);
    expect(reachesWithinHorizon(sightings, T0, 7)).toBe(true);
  });

  it('reaches the target at its peak if any sighting shows 300 points', () => {
    expect(reachesAtPeak(sightings)).toBe(true);
    expect(reachesAtPeak(sightings.slice(0, 2))).toBe(false);
  });
});
