import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paginationWindow, shouldShowPagination, type PaginationItem } from './pagination.ts';

const E = 'ellipsis';
const pages = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_, offset) => first + offset);

describe('paginationWindow (part 1 §2)', () => {
  it.each<[number, number, PaginationItem[]]>([
    // 7 or fewer pages: all numbers.
    [1, 7, pages(1, 7)],
    [4, 7, pages(1, 7)],
    [7, 7, pages(1, 7)],
    [1, 1, [1]],
    [2, 3, [1, 2, 3]],
    // 8 pages: the smallest count that hides some.
    [1, 8, [1, 2, 3, 4, 5, E, 8]],
    [4, 8, [1, 2, 3, 4, 5, E, 8]],
    [5, 8, [1, E, 4, 5, 6, 7, 8]],
    [8, 8, [1, E, 4, 5, 6, 7, 8]],
    // 20 pages: page 4 or lower, the middle, within 3 of the end.
    [1, 20, [1, 2, 3, 4, 5, E, 20]],
    [4, 20, [1, 2, 3, 4, 5, E, 20]],
    [5, 20, [1, E, 4, 5, 6, E, 20]],
    [10, 20, [1, E, 9, 10, 11, E, 20]],
    [16, 20, [1, E, 15, 16, 17, E, 20]],
    [17, 20, [1, E, 16, 17, 18, 19, 20]],
    [20, 20, [1, E, 16, 17, 18, 19, 20]],
    // 9 pages: the only middle page.
    [5, 9, [1, E, 4, 5, 6, E, 9]],
    [6, 9, [1, E, 5, 6, 7, 8, 9]],
  ])('page %i of %i', (current, totalPages, expected) => {
    expect(paginationWindow(current, totalPages)).toEqual(expected);
  });

  it('shows nothing when there are no pages', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('treats a page outside the range as the nearest real page', () => {
    expect(paginationWindow(0, 20)).toEqual(paginationWindow(1, 20));
    expect(paginationWindow(25, 20)).toEqual(paginationWindow(20, 20));
  });
});

describe('shouldShowPagination', () => {
  it('shows the bar only above 1 page', () => {
    expect(shouldShowPagination(0)).toBe(false);
    expect(shouldShowPagination(1)).toBe(false);
    expect(shouldShowPagination(2)).toBe(true);
  });
});

describe('paginationWindow properties', () => {
  const pageOfTotal = fc
    .integer({ min: 1, max: 1000 })
    .chain((totalPages) => fc.tuple(fc.integer({ min: 1, max: totalPages }), fc.constant(totalPages)));

  it('contains the first, current and last page, in strictly increasing order, in at most 7 items', () => {
    fc.assert(
      fc.property(pageOfTotal, ([current, totalPages]) => {
        const items = paginationWindow(current, totalPages);
        const numbers = items.filter((item): item is number => item !== E);
        expect(numbers).toContain(1);
        expect(numbers).toContain(current);
        expect(numbers).toContain(totalPages);
        numbers.slice(1).forEach((page, i) => expect(page).toBeGreaterThan(numbers[i] ?? Number.NaN));
        expect(items.length).toBeLessThanOrEqual(7);
      }),
    );
  });

  it('puts an ellipsis exactly where pages are skipped', () => {
    fc.assert(
      fc.property(pageOfTotal, ([current, totalPages]) => {
        const items = paginationWindow(current, totalPages);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(totalPages);
        items.forEach((item, i) => {
          const next = items[i + 1];
          if (item === E || next === undefined) return;
          if (next === E) {
            const afterGap = items[i + 2];
            expect(typeof afterGap).toBe('number');
            expect(afterGap as number).toBeGreaterThan(item + 1);
          } else {
            expect(next).toBe(item + 1);
          }
        });
      }),
    );
  });

  it('shows every page when there are 7 or fewer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }).chain((totalPages) => fc.tuple(fc.integer({ min: 1, max: totalPages }), fc.constant(totalPages))),
        ([current, totalPages]) => {
          expect(paginationWindow(current, totalPages)).toEqual(pages(1, totalPages));
        },
      ),
    );
  });
});
