import { AlertTriangle, Bookmark as BookmarkIcon } from 'lucide-react';
import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Story } from '#common/contracts/stories.ts';
import { SKELETON_CARDS } from '#common/rules/limits.ts';
import { formatCount } from '#common/rules/plural.ts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/document-title';
import { pageFromSearch, pageSearch } from '@/lib/list-url';
import { useBookmarks } from './api';

export interface BookmarksPageProps {
  /** A bookmarked story's card (the app composes the story card and its actions); `storyIds` are the page's. */
  renderStory: (story: Story, storyIds: readonly number[]) => ReactNode;
  /** The pagination bar of the story list (the spec's window rule). */
  Pagination: ComponentType<{ page: number; totalPages: number; onPageChange: (page: number) => void }>;
}

/** /bookmarks (spec part 1 §2): 'Your Bookmarks', a count, the stories (25 a page), pagination. */
export function BookmarksPage({ renderStory, Pagination }: BookmarksPageProps) {
  useDocumentTitle('Your Bookmarks');
  // The page lives in the URL (`?page=2`): a reload keeps it, Back and Forward move between pages.
  const [path, navigate] = useLocation();
  const page = pageFromSearch(useSearch());
  const bookmarks = useBookmarks(page);
  const data = bookmarks.data;
  const storyIds = useMemo(() => data?.bookmarks.map((bookmark) => bookmark.story.id) ?? [], [data]);

  // Removing the last bookmark of the last page leaves that page empty (and a link may name a page past the end):
  // show the last page instead, in place of the URL that names one that does not exist.
  const lastPage = data && data.totalPages > 0 && page > data.totalPages ? data.totalPages : null;
  useEffect(() => {
    if (lastPage !== null) navigate(`${path}${pageSearch(lastPage)}`, { replace: true });
  }, [lastPage, navigate, path]);

  const changePage = (next: number) => {
    navigate(`${path}${pageSearch(next)}`);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="grid gap-5">
      <PageHeader icon={BookmarkIcon} title="Your Bookmarks">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="bookmarks-count">
          {data && `${formatCount(data.totalCount, 'bookmarked story', 'bookmarked stories')}`}
        </p>
        <p className="text-sm">
          <Link href="/collections" className="underline underline-offset-2">
            Your collections
          </Link>
        </p>
      </PageHeader>

      {bookmarks.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading bookmarks">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <div key={index} className="rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="bookmark-skeleton">
              <Skeleton className="h-5 w-4/5" />
              <Skeleton className="mt-3 h-4 w-3/5" />
            </div>
          ))}
        </div>
      ) : bookmarks.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-8 text-center">
          <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
          <h2 className="text-lg font-semibold">Error Loading Bookmarks</h2>
          <p className="text-muted-foreground">Failed to load your bookmarks. Please try again later.</p>
          <Button variant="outline" onClick={() => void bookmarks.refetch()}>
            Try Again
          </Button>
        </div>
      ) : data && data.bookmarks.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border bg-card p-8 text-center">
          <BookmarkIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">No bookmarks yet</h2>
          <p className="text-muted-foreground">Bookmark stories from the list to read them later.</p>
          <Button asChild>
            <Link href="/">Browse Stories</Link>
          </Button>
        </div>
      ) : (
        data && (
          <>
            <ol className="grid gap-3" aria-label="Bookmarked stories" aria-busy={bookmarks.isFetching}>
              {data.bookmarks.map((bookmark) => (
                <li key={bookmark.id}>{renderStory(bookmark.story, storyIds)}</li>
              ))}
            </ol>
            <Pagination page={page} totalPages={data.totalPages} onPageChange={changePage} />
          </>
        )
      )}
    </div>
  );
}
