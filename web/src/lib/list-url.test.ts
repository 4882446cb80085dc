import { describe, expect, it } from 'vitest';
import { pageFromSearch, pageSearch, storyListSearch, storyListViewFromSearch, type StoryListViewDefaults } from './list-url';

const defaults: StoryListViewDefaults = { sort: 'trending', timeFilter: '3d', minScore: 10 };

describe('story list view in the URL', () => {
  it('reads every parameter, with or without the leading ?', () => {
    const view = { sort: 'score', timeFilter: 'week', minScore: 50, page: 3 };
    expect(storyListViewFromSearch('?sort=score&window=week&minScore=50&page=3', defaults)).toEqual(view);
    expect(storyListViewFromSearch('sort=score&window=week&minScore=50&page=3', defaults)).toEqual(view);
  });

  it('falls back to the defaults (the preferences) for what the URL does not give', () => {
    expect(storyListViewFromSearch('', defaults)).toEqual({ ...defaults, page: 1 });
    expect(storyListViewFromSearch('?window=1h', { sort: 'time', timeFilter: '3d', minScore: 0 })).toEqual({
      sort: 'time',
      timeFilter: '1h',
      minScore: 0,
      page: 1,
    });
  });

  it('reads what it does not understand as the default', () => {
    expect(storyListViewFromSearch('?sort=best&window=year&minScore=-5&page=0', defaults)).toEqual({ ...defaults, page: 1 });
    expect(storyListViewFromSearch('?minScore=12.5&page=2x', defaults)).toEqual({ ...defaults, page: 1 });
    expect(storyListViewFromSearch('?minScore=&sort=', defaults)).toEqual({ ...defaults, page: 1 });
    // A min score of 0 is a real choice, not a missing one.
    expect(storyListViewFromSearch('?minScore=0', defaults).minScore).toBe(0);
  });

  it('holds numbers to what the API accepts', () => {
    expect(storyListViewFromSearch('?minScore=99999999&page=5000000', defaults)).toMatchObject({ minScore: 1_000_000, page: 1_000_000 });
  });

  it('writes only what differs from the defaults, so the default view is the plain page', () => {
    expect(storyListSearch({ ...defaults, page: 1 }, defaults)).toBe('');
    expect(storyListSearch({ ...defaults, page: 2 }, defaults)).toBe('?page=2');
    expect(storyListSearch({ sort: 'time', timeFilter: '1h', minScore: 0, page: 4 }, defaults)).toBe('?sort=time&window=1h&minScore=0&page=4');
    // Someone whose default sort is Score gets Trending written out, and their own default left out.
    expect(storyListSearch({ ...defaults, page: 1 }, { ...defaults, sort: 'score' })).toBe('?sort=trending');
    expect(storyListSearch({ ...defaults, sort: 'score', page: 1 }, { ...defaults, sort: 'score' })).toBe('');
  });

  it('reads back what it writes', () => {
    const view = { sort: 'fast-risers', timeFilter: 'month', minScore: 250, page: 7 } as const;
    expect(storyListViewFromSearch(storyListSearch(view, defaults), defaults)).toEqual(view);
  });
});

describe('page of a paged list in the URL', () => {
  it('is page 1 unless the URL names another', () => {
    expect(pageFromSearch('')).toBe(1);
    expect(pageFromSearch('?page=3')).toBe(3);
    expect(pageFromSearch('?page=0')).toBe(1);
    expect(pageFromSearch('?page=two')).toBe(1);
    expect(pageSearch(1)).toBe('');
    expect(pageSearch(3)).toBe('?page=3');
  });
});
