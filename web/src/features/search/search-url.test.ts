import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_FILTERS, SEARCH_ORDERS, SEARCH_SORTS, SEARCH_TIME_RANGES } from '#common/rules/search.ts';
import { filtersFromSearch, searchApiPath, searchFromFilters } from './search-url';

describe('search URL', () => {
  it('keeps the default search plain', () => {
    expect(searchFromFilters(DEFAULT_SEARCH_FILTERS)).toBe('');
    expect(filtersFromSearch('')).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(searchApiPath(DEFAULT_SEARCH_FILTERS)).toBe('/api/search/stories');
  });

  it('writes only what differs from the defaults', () => {
    expect(searchFromFilters({ ...DEFAULT_SEARCH_FILTERS, q: 'rust lang', sort: 'time', order: 'asc' })).toBe('?q=rust+lang&sort=time&order=asc');
    expect(searchApiPath({ ...DEFAULT_SEARCH_FILTERS, domain: 'github.com', minScore: 50 })).toBe('/api/search/stories?domain=github.com&minScore=50');
  });

  it('reads what it wrote, for any search', () => {
    const text = fc.string({ maxLength: 20 }).map((value) => value.trim());
    fc.assert(
      fc.property(
        fc.record({
          q: text,
          domain: text,
          author: text,
          minScore: fc.integer({ min: 0, max: 500 }),
          hours: fc.constantFrom(...SEARCH_TIME_RANGES),
          sort: fc.constantFrom(...SEARCH_SORTS),
          order: fc.constantFrom(...SEARCH_ORDERS),
        }),
        (filters) => {
          expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
        },
      ),
    );
  });

  it('reads anything it does not understand as the default', () => {
    expect(filtersFromSearch('?sort=popularity&order=up&hours=12&minScore=-3')).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(filtersFromSearch('?minScore=9999').minScore).toBe(500);
  });
});
