import { describe, expect, it } from 'vitest';
import { formatListTotal, isListTotalBounded, LIST_TOTAL_BOUND, listTotalBound } from './list-total.ts';

describe('list totals counted up to a bound (part 1 §2, "of 933+ stories")', () => {
  it('counts at least a thousand stories, and past the next page for deep pages', () => {
    expect(LIST_TOTAL_BOUND).toBe(1000);
    expect(listTotalBound(1, 50)).toBe(1000);
    expect(listTotalBound(20, 50)).toBe(1050);
    expect(listTotalBound(20, 100)).toBe(2100);
    expect(listTotalBound(1, 1000)).toBe(2000);
  });

  it('shows "+" only when the count reached the bound', () => {
    expect(isListTotalBounded(999, 1, 50)).toBe(false);
    expect(isListTotalBounded(1000, 1, 50)).toBe(true);
    expect(isListTotalBounded(1000, 20, 50)).toBe(false);
    expect(formatListTotal(1000, 1, 50)).toBe('1,000+ stories');
    expect(formatListTotal(933, 1, 50)).toBe('933 stories');
    expect(formatListTotal(1, 1, 50)).toBe('1 story');
    expect(formatListTotal(0, 1, 50)).toBe('0 stories');
    expect(formatListTotal(2100, 20, 100)).toBe('2,100+ stories');
  });
});
