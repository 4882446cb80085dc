import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Bookmark } from '#common/contracts/actions.ts';
import { BOOKMARKS_PAGE_SIZE } from '#common/rules/limits.ts';
import { getJson } from '@/lib/api';

export interface BookmarksPage {
  bookmarks: Bookmark[];
  totalCount: number;
  totalPages: number;
  page: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** GET /api/bookmarks, 25 a page, newest first. The key starts with the path: bookmark changes refresh it. */
export function useBookmarks(page: number) {
  return useQuery({
    queryKey: ['/api/bookmarks', { page, limit: BOOKMARKS_PAGE_SIZE }],
    queryFn: () => getJson<BookmarksPage>(`/api/bookmarks?page=${page}&limit=${BOOKMARKS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}
