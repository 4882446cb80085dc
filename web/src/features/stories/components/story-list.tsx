import { AlertTriangle, Hourglass } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useLocation, useSearch } from 'wouter';
import type { Story } from '../../../../../common/contracts/stories.ts';
import { isFeatured } from '../../../../../common/rules/featured.ts';
import { SKELETON_CARDS, SLOW_LOAD_HINT_MS } from '../../../../../common/rules/limits.ts';
import { formatCount } from '../../../../../common/rules/plural.ts';
import { DEFAULT_STORY_SORT, type StorySort } from '../../../../../common/rules/sorts.ts';
import { DEFAULT_TIME_FILTER, TIME_FILTER_CAPTIONS } from '../../../../../common/rules/time-windows.ts';
import { Button } from '@/components/ui/button';
import { isUnauthorizedError } from '@/lib/api';
import { storyListSearch, storyListViewFromSearch, type StoryListView, type StoryListViewDefaults } from '@/lib/list-url';
import { useStories, useRefreshStories, type StoryListQuery } from '../api';
import { Countdown, useAutoRefresh } from '../auto-refresh';
import { ActivityLegend } from './activity-legend';
import { FilterBar, type ListFilters } from './filter-bar';
import { PaginationBar } from './pagination-bar';
import { StoryCard, StoryCardSkeleton } from './story-card';

/** The list settings a person's preferences provide (spec part 1 §3). */
export interface StoryListSettings {
  defaultSort: StorySort;
  minStoryScore: number;
  autoRefresh: boolean;
  refreshInterval: number;
  storiesPerPage: number;
  compactView: boolean;
  showDomains: boolean;
}

/** Client defaults when nothing is stored (part 1 §3). */
export const DEFAULT_LIST_SETTINGS: StoryListSettings = {
  defaultSort: DEFAULT_STORY_SORT,
  minStoryScore: 10,
  autoRefresh: true,
  refreshInterval: 5,
  storiesPerPage: 50,
  compactView: false,
  showDomains: true,
};

export interface StoryListProps {
  /** The person's stored preferences; undefined until they load, then applied once. */
  settings?: StoryListSettings;
  /** While true the list waits (showing skeletons) rather than loading a page the preferences would replace. */
  settingsLoading?: boolean;
  /**
   * Slot for each story's action buttons; see StoryCardProps.actions. `storyIds` are the ids of the page
   * shown, so the actions can ask about all of them in one call.
   */
  renderActions?: (story: Story, page: { storyIds: readonly number[] }) => ReactNode;
  /** Badges other features add to a card (the keyword alert badge). */
  renderBadges?: (story: Story) => ReactNode;
  /** Called when a card's title or comments link is followed, with the card's variant. */
  onStoryLinkClick?: (story: Story, link: 'title' | 'comments', featured: boolean) => void;
}

/** What the list shows when its URL says nothing: sort and min score from the person's preferences, else the defaults. */
function storyListDefaults(settings: StoryListSettings | undefined): StoryListViewDefaults {
  const { defaultSort, minStoryScore } = settings ?? DEFAULT_LIST_SETTINGS;
  return { sort: defaultSort, timeFilter: DEFAULT_TIME_FILTER, minScore: minStoryScore };
}

/**
 * The page of stories a list shows: the view its URL's query string (`search`) names, the person's preferences
 * for whatever the URL leaves out. The server renders the home with the same query, so the page it sends matches.
 */
export function storyListQuery(settings: StoryListSettings | undefined, search: string): StoryListQuery {
  const { sort, timeFilter, minScore, page } = storyListViewFromSearch(search, storyListDefaults(settings));
  return { sort, timeFilter, minScore, page, limit: (settings ?? DEFAULT_LIST_SETTINGS).storiesPerPage };
}

export function StoryList({ settings, settingsLoading = false, renderActions, renderBadges, onStoryLinkClick }: StoryListProps) {
  // Sort, window, min score and page live in the URL: a reload keeps them, Back and Forward move between them.
  const [path, navigate] = useLocation();
  const query = storyListQuery(settings, useSearch());
  const { sort, timeFilter, minScore, page } = query;
  const filters: ListFilters = { sort, timeFilter, minScore };
  const [autoRefresh, setAutoRefresh] = useState((settings ?? DEFAULT_LIST_SETTINGS).autoRefresh);
  const [refreshInterval, setRefreshInterval] = useState((settings ?? DEFAULT_LIST_SETTINGS).refreshInterval);
  const [appliedSettings, setAppliedSettings] = useState(settings !== undefined);

  // Preferences initialise auto-refresh and its interval once: at once when already loaded (as when the server put
  // them in the page), else when they first arrive.
  if (settings && !appliedSettings) {
    setAppliedSettings(true);
    setAutoRefresh(settings.autoRefresh);
    setRefreshInterval(settings.refreshInterval);
  }

  /** A new history entry for each choice (pushState), so Back returns to the view before. */
  const showView = (view: StoryListView) => navigate(`${path}${storyListSearch(view, storyListDefaults(settings))}`);

  const stories = useStories(query, !settingsLoading);
  const refreshStories = useRefreshStories();
  const { dueAt } = useAutoRefresh({ enabled: autoRefresh, intervalMinutes: refreshInterval, refresh: () => void stories.refetch() });

  // Part 1 §2: the page goes back to 1 whenever sort, window or min score changes. The min score field commits on
  // Enter or on leaving it (not on each keystroke), so each of its changes is one history entry, as a choice is.
  const changeFilters = (next: ListFilters) => showView({ ...next, page: 1 });

  const changePage = (next: number) => {
    showView({ ...filters, page: next });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const refreshNow = () =>
    refreshStories.mutate(undefined, {
      onSuccess: () => toast.success('Stories refreshed successfully!'),
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast.error('Failed to refresh stories. Please try again.');
      },
    });

  const refreshing = stories.isFetching || refreshStories.isPending;
  const data = stories.data;
  // Building a page of up to 100 cards is the longest piece of work on this screen. The cards follow a deferred
  // copy of the data, so React builds them in the background in short slices (a tap or a scroll is never kept
  // waiting) while the skeletons, or the previous page, stay on screen.
  const shownData = useDeferredValue(data);
  const nowMs = Date.now();
  const storyIds = useMemo(() => shownData?.stories.map((story) => story.id) ?? [], [shownData]);

  return (
    <div className="grid gap-5">
      <FilterBar
        filters={filters}
        onFiltersChange={changeFilters}
        autoRefresh={autoRefresh}
        onAutoRefreshChange={setAutoRefresh}
        refreshInterval={refreshInterval}
        onRefreshIntervalChange={setRefreshInterval}
        countdown={<Countdown dueAt={dueAt} refreshing={refreshing} />}
        onRefresh={refreshNow}
        refreshing={refreshStories.isPending}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="count-caption">
          {data && countCaption(filters, data.count, data.totalCount)}
        </p>
        <ActivityLegend />
      </div>

      {stories.isPending || (data && !shownData) ? (
        <LoadingStories />
      ) : stories.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-8 text-center">
          <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
          <h2 className="text-lg font-semibold">Failed to load stories</h2>
          <Button onClick={() => void stories.refetch()}>Try Again</Button>
        </div>
      ) : shownData && shownData.stories.length === 0 ? (
        <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">No stories found matching your criteria.</p>
      ) : (
        shownData && (
          <>
            <ol className={settings?.compactView ? 'grid gap-2' : 'grid gap-3'} aria-label="Stories" aria-busy={stories.isFetching}>
              {shownData.stories.map((story, index) => {
                const featured = isFeatured(story, { index, sort: filters.sort }, nowMs);
                return (
                  // Cards below the screen skip layout and paint until scrolled near (about 8rem tall until then).
                  <li key={story.id} className="[contain-intrinsic-size:auto_8rem] [content-visibility:auto]">
                    <StoryCard
                      story={story}
                      nowMs={nowMs}
                      featured={featured}
                      compact={settings?.compactView ?? DEFAULT_LIST_SETTINGS.compactView}
                      showDomain={settings?.showDomains ?? DEFAULT_LIST_SETTINGS.showDomains}
                      actions={renderActions?.(story, { storyIds })}
                      extraBadges={renderBadges?.(story)}
                      onLinkClick={onStoryLinkClick && ((link) => onStoryLinkClick(story, link, featured))}
                    />
                  </li>
                );
              })}
            </ol>
            <PaginationBar page={page} totalPages={shownData.totalPages} onPageChange={changePage} />
          </>
        )
      )}
    </div>
  );
}

/** 'N stories (last 3 days)' for trending, 'N of TOTAL stories (last 3 days)' for the other sorts: each names its real window. */
function countCaption(filters: ListFilters, count: number, totalCount: number): string {
  const window = TIME_FILTER_CAPTIONS[filters.timeFilter];
  if (filters.sort === 'trending') return `${formatCount(totalCount, 'story', 'stories')} (${window})`;
  return `${count} of ${formatCount(totalCount, 'story', 'stories')} (${window})`;
}

function LoadingStories() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_LOAD_HINT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Loading stories">
      {slow && (
        <div role="status" className="flex items-center gap-3 rounded-xl border bg-card p-4 text-sm">
          <Hourglass className="size-5 text-primary" aria-hidden="true" />
          <p>Stories are taking longer than usual to load. Fresh data from Hacker News is on its way; hang on a moment.</p>
        </div>
      )}
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <StoryCardSkeleton key={index} />
      ))}
    </div>
  );
}
