import { AlertTriangle, Hourglass } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Link, useLocation, useSearch } from 'wouter';
import type { Story } from '#common/contracts/stories.ts';
import { isFeatured } from '#common/rules/featured.ts';
import { SKELETON_CARDS, SLOW_LOAD_HINT_MS } from '#common/rules/limits.ts';
import { formatCount } from '#common/rules/plural.ts';
import { DEFAULT_PREFERENCES, type Preferences } from '#common/rules/preferences.ts';
import { DEFAULT_TIME_FILTER, TIME_FILTER_CAPTIONS } from '#common/rules/time-windows.ts';
import { SpriteIcon } from '@/components/sprite-icon';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { isUnauthorizedError } from '@/lib/api';
import { storyListSearch, storyListViewFromSearch, type StoryListView, type StoryListViewDefaults } from '@/lib/list-url';
import { useStories, useRefreshStories, type StoryListQuery } from '../api';
import { Countdown, useAutoRefresh } from '../auto-refresh';
import { STORY_ITEM_ATTRIBUTE, STORY_LINK_ATTRIBUTE, useKeyboardReader } from '../keyboard-reader';
import { DataAge } from '@/components/data-age';
import { recordOpened, useNewSinceLastVisit, useOpenedStoriesShown } from '../reading-state';
import { refreshOutcome } from '../refresh-outcome';
import { storiesToCome } from '../first-screen';
import { ActivityLegend } from './activity-legend';
import { FilterBar, type ListFilters } from './filter-bar';
import { PaginationBar } from '@/components/pagination-bar';
import { StoryCard, StoryCardSkeleton } from './story-card';

// Only people who ask for the shortcuts download their dialog (and Radix's dialog with it).
const KeyboardShortcutsDialog = lazy(async () => ({ default: (await import('./keyboard-shortcuts-dialog')).KeyboardShortcutsDialog }));

/** The list settings a person's preferences provide (spec part 1 §3). */
export type StoryListSettings = Pick<Preferences, 'defaultSort' | 'minStoryScore' | 'autoRefresh' | 'refreshInterval' | 'storiesPerPage' | 'compactView' | 'showDomains'>;

/** Client defaults while nothing is known: the product's defaults (part 1 §3), stated once in common/rules. */
export const DEFAULT_LIST_SETTINGS: StoryListSettings = DEFAULT_PREFERENCES;

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
  /**
   * Wraps the page's list of cards: where other features ask once for the whole page what their slots show on
   * every card (the actions' statuses, the person's alerts), rather than once per card.
   */
  wrapCards?: (cards: ReactNode, page: { storyIds: readonly number[] }) => ReactNode;
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
  const { sort, timeFilter, minScore, page, domain, heat, showMuted } = storyListViewFromSearch(search, storyListDefaults(settings));
  return {
    sort,
    timeFilter,
    minScore,
    page,
    limit: (settings ?? DEFAULT_LIST_SETTINGS).storiesPerPage,
    ...(domain && { domain }),
    ...(heat && { heat }),
    ...(showMuted && { showMuted }),
  };
}

export function StoryList({ settings, settingsLoading = false, renderActions, renderBadges, wrapCards, onStoryLinkClick }: StoryListProps) {
  // Sort, window, min score and page live in the URL: a reload keeps them, Back and Forward move between them.
  const [path, navigate] = useLocation();
  const query = storyListQuery(settings, useSearch());
  const { sort, timeFilter, minScore, page, showMuted = false } = query;
  const filters: ListFilters = { sort, timeFilter, minScore, domain: query.domain ?? '', heat: query.heat ?? '' };
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
  const changeFilters = (next: ListFilters) => showView({ ...next, showMuted, page: 1 });
  const toggleShowMuted = () => showView({ ...filters, showMuted: !showMuted, page: 1 });

  const changePage = (next: number) => {
    focusFirstStoryWhenShown();
    showView({ ...filters, showMuted, page: next });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const refreshNow = () =>
    refreshStories.mutate(undefined, {
      onSuccess: (result) => {
        const { tone, text } = refreshOutcome(result);
        toast[tone](text);
      },
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast.error('Failed to refresh stories. Please try again.');
      },
    });

  const refreshing = stories.isFetching || refreshStories.isPending;
  const data = stories.data;
  // A home the server rendered holds its page's first screen of stories (first-screen.ts): the rest is asked for as
  // soon as the app runs.
  const toCome = data ? storiesToCome(data) : 0;
  const { refetch } = stories;
  useEffect(() => {
    if (toCome > 0) void refetch();
  }, [toCome, refetch]);
  // Building a page of up to 100 cards is the longest piece of work on this screen. The cards follow a deferred
  // copy of the data, so React builds them in the background in short slices (a tap or a scroll is never kept
  // waiting) while the skeletons, or the previous page, stay on screen.
  const shownData = useDeferredValue(data);
  const shownToCome = shownData ? storiesToCome(shownData) : 0;
  const nowMs = Date.now();
  const compact = (settings ?? DEFAULT_LIST_SETTINGS).compactView;
  const storyIds = useMemo(() => shownData?.stories.map((story) => story.id) ?? [], [shownData]);
  const wrapList = (cards: ReactNode) => (wrapCards ? wrapCards(cards, { storyIds }) : cards);

  // Reading state remembered in this browser (reading-state.ts): it applies after hydration.
  const { opened, hideOpened, setHideOpened, visible: visibleStories, hiddenCount } = useOpenedStoriesShown(shownData?.stories);
  // Compared only once the shown page is the one the URL names (not the previous page kept while the next loads).
  const shownIsCurrent = shownData === data && !stories.isPlaceholderData && toCome === 0;
  const fresh = useNewSinceLastVisit(`${sort}|${timeFilter}|${minScore}|${filters.domain}|${filters.heat}|${page}`, shownIsCurrent ? storyIds : undefined);
  // Domain suggestions: the domains of the stories in view, most frequent first.
  const domainSuggestions = useMemo(() => domainsInView(shownData?.stories ?? []), [shownData]);
  const freshCount = visibleStories.filter((story) => fresh.has(story.id)).length;

  const rootRef = useRef<HTMLDivElement>(null);
  const captionRef = useRef<HTMLParagraphElement>(null);
  const [shortcuts, setShortcuts] = useState<{ open: boolean; loaded: boolean }>({ open: false, loaded: false });
  const focusBeforeShortcuts = useRef<Element | null>(null);
  const openShortcuts = () => {
    focusBeforeShortcuts.current = document.activeElement;
    setShortcuts({ open: true, loaded: true });
  };
  const { currentId, focusFirstStoryWhenShown, restoreFocus } = useKeyboardReader({
    rootRef,
    fallbackRef: captionRef,
    shownStories: shownData,
    onHelp: openShortcuts,
  });
  const hideOpenedId = useId();

  /** Opening a story's link from the list (click, middle click, `o`, `c`) remembers it as opened. */
  const rememberOpened = (event: MouseEvent<HTMLOListElement>) => {
    const link = (event.target as Element).closest(`[${STORY_LINK_ATTRIBUTE}]`);
    const item = link?.closest(`[${STORY_ITEM_ATTRIBUTE}]`);
    if (item) recordOpened(Number(item.getAttribute(STORY_ITEM_ATTRIBUTE)));
  };

  // A column of minmax(0, 1fr) (grid-cols-1), not auto: the phone's filter summary is one truncated line, whose full
  // length an auto column would grow to, wider than a small phone.
  return (
    <div className="grid grid-cols-1 gap-1.5 sm:gap-2" ref={rootRef}>
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
        domainSuggestions={domainSuggestions}
      />

      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        {/* A phone's captions are a size smaller, so that each pair shares a line. */}
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-muted-foreground max-sm:text-xs" aria-live="polite">
          {/* Focus goes here when it would otherwise be lost while no story is on screen. */}
          <p ref={captionRef} tabIndex={-1} data-testid="count-caption">
            {data && countCaption(filters, data.count, formatCount(data.totalCount, 'story', 'stories'))}
          </p>
          {freshCount > 0 && (
            <p data-testid="fresh-caption" className="font-medium text-emerald-700 dark:text-emerald-300">
              {freshCount} new since your last visit
            </p>
          )}
          {hiddenCount > 0 && <p data-testid="hidden-caption">{formatCount(hiddenCount, 'opened story', 'opened stories')} hidden</p>}
          {data && (data.hiddenCount > 0 || showMuted) && (
            <p data-testid="muted-caption" className="flex items-baseline gap-2">
              {showMuted ? `Showing ${formatCount(data.hiddenCount, 'muted story', 'muted stories')}` : `${data.hiddenCount} hidden`}
              <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={toggleShowMuted}>
                {showMuted ? 'Hide them' : 'Show them'}
              </button>
              <Link href="/mutes" className="text-primary underline-offset-4 hover:underline">
                Muting rules
              </Link>
            </p>
          )}
        </div>
        {/* Outside the live region, as it ticks. */}
        <DataAge />
        {/* Beside the legend, not on a row of their own: every line above the list is one story fewer on screen. */}
        <div className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm">
          <div className="flex items-center gap-2">
            <Switch id={hideOpenedId} checked={hideOpened} onCheckedChange={setHideOpened} />
            <label htmlFor={hideOpenedId} className="cursor-pointer text-muted-foreground max-sm:text-xs">
              Hide stories I opened
            </label>
          </div>
          {/* An icon with its name for screen readers and as a tooltip: in words it pushed the legend to a second line. */}
          <Button
            variant="ghost"
            size="sm"
            aria-haspopup="dialog"
            aria-keyshortcuts="?"
            title="Keyboard shortcuts (?)"
            onClick={openShortcuts}
            className="px-2 text-muted-foreground pointer-coarse:hidden"
          >
            <SpriteIcon name="keyboard" />
            <span className="sr-only">Keyboard shortcuts</span>
          </Button>
          <ActivityLegend />
        </div>
      </div>
      {shortcuts.loaded && (
        <Suspense fallback={null}>
          <KeyboardShortcutsDialog
            open={shortcuts.open}
            onOpenChange={(open) => setShortcuts({ open, loaded: true })}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              restoreFocus(focusBeforeShortcuts.current);
            }}
          />
        </Suspense>
      )}

      {stories.isPending || (data && !shownData) ? (
        <LoadingStories />
      ) : stories.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-8 text-center">
          <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
          <h2 className="text-lg font-semibold">Failed to load stories</h2>
          <Button onClick={() => void stories.refetch()}>Try Again</Button>
        </div>
      ) : shownData && visibleStories.length === 0 ? (
        <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">No stories found matching your criteria.</p>
      ) : (
        shownData && (
          <>
            {wrapList(
              <ol
                className={
                  compact
                    ? // On a phone the compact list runs the screen's full width, as Hacker News's does: every line holds more.
                      'divide-y border-y bg-card max-sm:-mx-3 sm:rounded-xl sm:border sm:shadow-sm sm:[&>li:first-child>article]:rounded-t-xl sm:[&>li:last-child>article]:rounded-b-xl'
                    : 'grid grid-cols-1 gap-1.5'
                }
                aria-label="Stories"
                aria-busy={stories.isFetching}
                onClick={rememberOpened}
                onAuxClick={rememberOpened}
              >
                {visibleStories.map((story) => {
                  // The rule and the rank read the story's place in the list as served, not after opened stories were hidden.
                  const index = shownData.stories.indexOf(story);
                  const featured = isFeatured(story, { index, sort: filters.sort }, nowMs);
                  return (
                    // A row paints only when scrolled near, and the keyboard reader marks the current one (index.css).
                    <li
                      key={story.id}
                      data-story-id={story.id}
                      data-reader-current={currentId === story.id || undefined}
                      className={`${compact ? 'story-row story-row-compact' : 'story-row'}${story.muted ? ' opacity-60' : ''}`}
                      data-muted={story.muted || undefined}
                    >
                      <StoryCard
                        headingLevel={2}
                        opened={opened.has(story.id)}
                        isNew={fresh.has(story.id)}
                        story={story}
                        nowMs={nowMs}
                        featured={featured}
                        rank={(shownData.page - 1) * query.limit + index + 1}
                        compact={compact}
                        showDomain={settings?.showDomains ?? DEFAULT_LIST_SETTINGS.showDomains}
                        actions={renderActions?.(story, { storyIds })}
                        extraBadges={
                          <>
                            {story.muted && (
                              <span className="story-badge rounded-md border px-1.5 py-0.5 text-xs font-medium text-muted-foreground" data-testid="muted-mark">
                                Muted
                              </span>
                            )}
                            {renderBadges?.(story)}
                          </>
                        }
                        onLinkClick={onStoryLinkClick && ((link) => onStoryLinkClick(story, link, featured))}
                      />
                    </li>
                  );
                })}
              </ol>,
            )}
            {shownToCome > 0 && (
              <p role="status" className="py-2 text-center text-sm text-muted-foreground">
                Loading the other {formatCount(shownToCome, 'story', 'stories')} of this page…
              </p>
            )}
            <PaginationBar page={page} totalPages={shownData.totalPages} onPageChange={changePage} />
          </>
        )
      )}
    </div>
  );
}

/**
 * 'N stories (last 3 days)' for trending, 'N of TOTAL stories (last 3 days)' for the other sorts: each names its real
 * window, and TOTAL is the list's exact count (the spec's '933+' shows a real count).
 */
function countCaption(filters: ListFilters, count: number, total: string): string {
  const window = TIME_FILTER_CAPTIONS[filters.timeFilter];
  if (filters.sort === 'trending') return `${total} (${window})`;
  return `${count} of ${total} (${window})`;
}

/** The domains of the stories in view, most frequent first (the domain filter's suggestions). */
function domainsInView(stories: readonly Story[]): string[] {
  const counts = new Map<string, number>();
  for (const story of stories) if (story.domain) counts.set(story.domain, (counts.get(story.domain) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([domain]) => domain);
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
