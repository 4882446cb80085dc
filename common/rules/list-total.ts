import { pluralise } from './plural.ts';

/**
 * How far a story list counts its stories (part 1 §2, "of 933+ stories").
 *
 * Counting every story of a window costs as much as reading the whole window, on every cold request; the
 * spec's caption already shows a total as "N+", so a list counts only up to a bound and the caption says "+"
 * when the bound was reached. The bound is at least a thousand stories (twenty pages of fifty), and always
 * reaches past the end of the requested page's next page, so "next" and the page numbers stay right however
 * deep a reader goes.
 */
export const LIST_TOTAL_BOUND = 1000;

/** The most stories a list counts for this page and page size. */
export function listTotalBound(page: number, limit: number): number {
  return Math.max(LIST_TOTAL_BOUND, (page + 1) * limit);
}

/** True when `totalCount` is the bound, i.e. there may be more stories than it says. */
export function isListTotalBounded(totalCount: number, page: number, limit: number): boolean {
  return totalCount >= listTotalBound(page, limit);
}

/** The caption's count: "1,000+ stories" when bounded, "12 stories" otherwise. */
export function formatListTotal(totalCount: number, page: number, limit: number): string {
  const plus = isListTotalBounded(totalCount, page, limit) ? '+' : '';
  return `${totalCount.toLocaleString('en-US')}${plus} ${pluralise(totalCount, 'story', 'stories')}`;
}
