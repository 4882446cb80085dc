import { describe, expect, it } from 'vitest';
import type { Observations, RecordedStory } from '../../server/predictions/dataset.ts';
import { DEFAULT_OPTIONS, simulate, storyAt, WEEK_SECONDS } from './simulate.ts';

/** Monday 2021-03-01 00:00 UTC. */
const MONDAY = 1_614_556_800;
const HOUR = 3600;

function observations(rows: [at: number, story: number, score: number, rank?: number][]): Observations {
  const sorted = [...rows].sort((a, b) => a[0] - b[0]);
  return {
    length: sorted.length,
    time: sorted.map((row) => row[0]),
    rank: sorted.map((row) => row[3] ?? 5),
    story: sorted.map((row) => row[1]),
    score: sorted.map((row) => row[2]),
    comments: sorted.map(() => 0),
  };
}

describe('storyAt: what the product knows of a story at the recommendation time', () => {
  const story: RecordedStory = { id: 1, title: 'A story', domain: 'example.com', by: 'a', createdBefore: MONDAY };
  const sightings = (later: number) => [
    { at: MONDAY + HOUR, rank: 10, score: 10, comments: 0 },
    { at: MONDAY + 3 * HOUR, rank: 3, score: 60, comments: 0 },
    { at: MONDAY + 5 * HOUR, rank: 1, score: later, comments: 0 },
  ];

  it('reads only sightings at or before it', () => {
    const at = MONDAY + 4 * HOUR;
    expect(storyAt(story, sightings(500), at)).toEqual(storyAt(story, sightings(5000), at));
    expect(storyAt(story, sightings(500), at).points).toBe(60);
    expect(storyAt(story, sightings(500), at).trending).toBeGreaterThan(0);
  });

  it('knows a story not yet seen only as new (1 point, not trending)', () => {
    expect(storyAt(story, sightings(500), MONDAY + 30 * 60)).toEqual({ points: 1, trending: 0 });
  });
});

describe('simulate', () => {
  it('scores each topic reader’s next-week top 10, For you against trending now, on the same candidates', () => {
    const stories: RecordedStory[] = [];
    const rows: [number, number, number][] = [];
    const add = (title: string, domain: string, week: number, points: number) => {
      const index = stories.length;
      const at = MONDAY + week * WEEK_SECONDS + 24 * HOUR + index * 60;
      stories.push({ id: 1000 + index, title, domain, by: `author${index}`, createdBefore: at });
      rows.push([at + HOUR, index, Math.round(points / 2)], [at + 6 * 24 * HOUR, index, points]);
    };
    for (const title of ['Zig compiler internals', 'Zig build system', 'Why Zig']) add(title, 'zig.example', 0, 50);
    for (const title of ['Kayaking trips', 'Baking sourdough', 'Chess openings']) add(title, 'misc.example', 0, 50);
    add('Zig 0.12 released', 'other.example', 1, 20);
    add('Learning Zig the hard way', 'blog.example', 1, 15);
    for (let i = 0; i < 12; i++) add(`Popular story number ${i} about gardens`, 'news.example', 1, 500 + i);

    const results = simulate(stories, observations(rows), { ...DEFAULT_OPTIONS, keywordTopicsPerWeek: 10, domainTopicsPerWeek: 5 });
    const zig = results.find((result) => result.topic === 'word:zig')!;
    expect(zig).toMatchObject({ week: 0, bookmarks: 3, candidates: 14, onTopic: 2, forYou: 0.2, forYouWithoutTopic: 0, trendingNow: 0, topPoints: 0, ceiling: 0.2 });
    // A site topic with no story the next week has no reader.
    expect(results.find((result) => result.topic === 'domain:zig.example')).toBeUndefined();
    // No reader for the last week: there is no week after it.
    expect(results.every((result) => result.week === 0)).toBe(true);
  });
});
