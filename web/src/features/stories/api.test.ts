import { describe, expect, it } from 'vitest';
import { storyListPath } from './api';

const base = { minScore: 10, page: 2, limit: 50 } as const;

describe('storyListPath', () => {
  it('sends the time window to trending', () => {
    expect(storyListPath({ ...base, sort: 'trending', timeFilter: 'week' })).toBe('/api/stories/trending?minScore=10&page=2&limit=50&timeFilter=week');
  });

  it('sends every other sort the window as chosen, in hours (Recent too: 1h is an hour, not a year)', () => {
    expect(storyListPath({ ...base, sort: 'time', timeFilter: '24h' })).toBe('/api/stories/recent?minScore=10&page=2&limit=50&hours=24');
    expect(storyListPath({ ...base, sort: 'time', timeFilter: '1h' })).toContain('hours=1');
    expect(storyListPath({ ...base, sort: 'time', timeFilter: '3d' })).toContain('hours=72');
    expect(storyListPath({ ...base, sort: 'score', timeFilter: 'week' })).toBe('/api/stories/top?minScore=10&page=2&limit=50&hours=168');
    expect(storyListPath({ ...base, sort: 'comments', timeFilter: 'month' })).toBe('/api/stories/comments?minScore=10&page=2&limit=50&hours=720');
  });

  it('asks fast risers for at least 5 points an hour within the window', () => {
    expect(storyListPath({ ...base, sort: 'fast-risers', timeFilter: '6h' })).toBe('/api/stories/fast-risers?minScore=10&page=2&limit=50&hours=6&minVelocity=5');
  });
});
