import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_SEARCH_FILTERS, SEARCH_TOTAL_BOUND, searchCaption } from './search.ts';

describe('activeFilterCount', () => {
  it('counts the panel filters that differ from their defaults, not the text box', () => {
    expect(activeFilterCount(DEFAULT_SEARCH_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_SEARCH_FILTERS, q: 'rust' })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_SEARCH_FILTERS, domain: 'github.com', minScore: 10 })).toBe(2);
    expect(activeFilterCount({ ...DEFAULT_SEARCH_FILTERS, author: 'pg', hours: '24', sort: 'time', order: 'asc' })).toBe(4);
  });
});

describe('searchCaption (spec part 2 §2.4)', () => {
  it('says how many were found, with the query', () => {
    expect(searchCaption(12, 12, 'rust')).toBe('12 stories found for "rust"');
    expect(searchCaption(1, 1, '')).toBe('1 story found');
  });
  it('says when only the first 100 are shown', () => {
    expect(searchCaption(100, 640, 'ai')).toBe('Showing first 100 of 640 results');
  });
  it('counts every match, and adds "+" when the count stopped at its bound', () => {
    expect(searchCaption(100, 31_306, 'ai')).toBe('Showing first 100 of 31,306 results');
    expect(searchCaption(100, SEARCH_TOTAL_BOUND, 'ai')).toBe('Showing first 100 of 1,000 results');
    expect(searchCaption(100, SEARCH_TOTAL_BOUND, 'ai', true)).toBe('Showing first 100 of 1,000+ results');
  });
  it('says when nothing matches', () => {
    expect(searchCaption(0, 0, 'zzz')).toBe('No stories match your search criteria');
  });
});
