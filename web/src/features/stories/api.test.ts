import { describe, expect, it } from 'vitest';
import { storyListPath } from './api';

const base = { minScore: 10, page: 2, limit: 50 } as const;

describe('storyListPath', () => {
  it('sends the time window to trending', () => {
    expect(storyListPath({ ...base, sort: 'trending', timeFilter: 'week' })).toBe('/api/stories/trending?minScore=10&page=2&limit=50&timeFilter=week');
  });

  it('maps the window to hours for Recent: 24h, week, month, else a year', () => {
    expect(storyListPath({ ...base, sort: 'time', timeFilter: '24h' })).toContain('/api/stories/recent?minScore=10&page=2&limit=50&hours=24');
    expect(storyListPath({ ...base, sort: 'time', timeFilter: 'month' })).toContain('hours=720');
    expect(storyListPath({ ...base, sort: 'time', timeFilter: '3d' })).toContain('hours=8760');
  });

  it('asks fast risers for at least 5 points an hour, and sends score and comments plain', () => {
    expect(storyListPath({ ...base, sort: 'fast-risers', timeFilter: '3d' })).toBe('/api/stories/fast-risers?minScore=10&page=2&limit=50&minVelocity=5');
    expect(storyListPath({ ...base, sort: 'score', timeFilter: '3d' })).toBe('/api/stories/top?minScore=10&page=2&limit=50');
    expect(storyListPath({ ...base, sort: 'comments', timeFilter: '3d' })).toBe('/api/stories/comments?minScore=10&page=2&limit=50');
  });
});
