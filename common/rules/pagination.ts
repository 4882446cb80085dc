/** The pagination bar's page numbers (part 1 §2). */
export type PaginationItem = number | 'ellipsis';

/** Up to this many pages, every page number shows. */
const ALL_PAGES_SHOWN_UP_TO = 7;

/** The bar is hidden when there is one page or none. */
export function shouldShowPagination(totalPages: number): boolean {
  return totalPages > 1;
}

/**
 * Page numbers and ellipses to show, for 1-based pages. A `current` outside
 * 1..totalPages (for example a stale page after the list shrank) is treated
 * as the nearest real page.
 */
export function paginationWindow(current: number, totalPages: number): PaginationItem[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(current, 1), totalPages);
  if (totalPages <= ALL_PAGES_SHOWN_UP_TO) return pageRange(1, totalPages);
  if (page <= 4) return [...pageRange(1, 5), 'ellipsis', totalPages];
  // "Within 3 of the end" includes the page exactly 3 before the last.
  if (page >= totalPages - 3) return [1, 'ellipsis', ...pageRange(totalPages - 4, totalPages)];
  return [1, 'ellipsis', page - 1, page, page + 1, 'ellipsis', totalPages];
}

function pageRange(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
}
