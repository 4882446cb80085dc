import { AlertTriangle, ArrowDownWideNarrow, ArrowUpNarrowWide, Search as SearchIcon, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Story } from '#common/contracts/stories.ts';
import { MIN_STORY_SCORE_MAX } from '#common/rules/limits.ts';
import { clampMinStoryScore } from '#common/rules/numbers.ts';
import {
  activeFilterCount,
  DEFAULT_SEARCH_FILTERS,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX_LENGTH,
  SEARCH_TIME_RANGE_LABELS,
  SEARCH_TIME_RANGES,
  searchCaption,
  type SearchFilters,
} from '#common/rules/search.ts';
import { SelectRow } from '@/components/form-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { BackLink, PageHeader } from '@/components/page-header';
import { FeedButton, useFeedAlternates } from '@/components/feed-button';
import { searchFeedAddress } from '#common/rules/feed-links.ts';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';
import { useSearchStories, useSuggestions } from './api';
import { filtersFromSearch, searchFromFilters } from './search-url';

/** Typing waits this long for a pause before searching, so each keystroke is not a request. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchPageProps {
  /** A result's card (the app composes the story card and its actions); `storyIds` are all the results'. */
  renderStory: (story: Story, storyIds: readonly number[]) => ReactNode;
}

/** /search (spec part 2 §2.4): every stored story, searched by text and filters, the search kept in the URL. */
export function SearchPage({ renderStory }: SearchPageProps) {
  useDocumentTitle('Advanced Search');
  const [, navigate] = useLocation();
  const search = useSearch();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const results = useSearchStories(filters);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(filters) > 0);
  const panelId = useId();

  // Every change is a new history entry: Back returns to the previous search.
  const apply = (changes: Partial<SearchFilters>) => navigate(`/search${searchFromFilters({ ...filtersFromSearch(window.location.search), ...changes })}`);

  const q = useDebouncedText(filters.q, (value) => apply({ q: value }));
  const domain = useDebouncedText(filters.domain, (value) => apply({ domain: value }));
  const author = useDebouncedText(filters.author, (value) => apply({ author: value }));
  const minScore = useDebouncedText(filters.minScore === 0 ? '' : String(filters.minScore), (value) => apply({ minScore: clampMinStoryScore(value) }));
  const filterCount = activeFilterCount(filters);
  const feed = searchFeedAddress(filters);
  useFeedAlternates(feed, 'HN Trends: this search');
  const storyIds = useMemo(() => results.data?.stories.map((story) => story.id) ?? [], [results.data]);

  const clearAll = () => {
    for (const field of [domain, author, minScore]) field.reset('');
    apply({ ...DEFAULT_SEARCH_FILTERS, q: filters.q });
  };

  // Columns of minmax(0, 1fr) (grid-cols-1), not auto, which would grow to a result's longest line on a phone.
  return (
    <div className="grid grid-cols-1 gap-5">
      <BackLink>Back to Stories</BackLink>
      <PageHeader icon={SearchIcon} title="Advanced Search">
        <p className="text-sm text-muted-foreground">Search and filter through all stories with advanced criteria</p>
      </PageHeader>

      <SearchBox field={q} onPick={(word) => {
        q.reset(word);
        apply({ q: word });
      }} />

      <section aria-label="Filters" className="rounded-xl border bg-card text-card-foreground shadow-sm">
        <div className="flex items-center justify-between gap-3 p-3">
          <Button variant="ghost" aria-expanded={filtersOpen} aria-controls={panelId} onClick={() => setFiltersOpen((open) => !open)}>
            <SlidersHorizontal aria-hidden="true" />
            Filters
            {filterCount > 0 && (
              <Badge aria-label={`${filterCount} active`} data-testid="active-filter-count">
                {filterCount}
              </Badge>
            )}
          </Button>
          <div className="flex items-center gap-2">
            <FeedButton address={feed} subject="this search" />
            <Button variant="outline" size="sm" onClick={clearAll} disabled={filterCount === 0}>
              Clear All
            </Button>
          </div>
        </div>
        {filtersOpen && (
          <div id={panelId} className="grid grid-cols-1 gap-4 border-t p-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextFilter label="Domain" placeholder="e.g. github.com" field={domain} />
            <TextFilter label="Author" placeholder="e.g. pg" field={author} />
            <TextFilter label="Min score" placeholder="0" field={minScore} type="number" min={0} max={MIN_STORY_SCORE_MAX} />
            <SelectRow
              label="Time range"
              value={filters.hours}
              options={SEARCH_TIME_RANGES.map((range) => ({ value: range, label: SEARCH_TIME_RANGE_LABELS[range] }))}
              onValueChange={(hours) => apply({ hours })}
            />
            <SelectRow
              label="Sort by"
              value={filters.sort}
              options={SEARCH_SORTS.map((sort) => ({ value: sort, label: SEARCH_SORT_LABELS[sort] }))}
              onValueChange={(sort) => apply({ sort })}
            />
            <div className="grid gap-1.5">
              <span className="text-sm font-medium" id={`${panelId}-order`}>
                Order
              </span>
              <Button variant="outline" aria-labelledby={`${panelId}-order ${panelId}-order-value`} onClick={() => apply({ order: filters.order === 'desc' ? 'asc' : 'desc' })}>
                {filters.order === 'desc' ? <ArrowDownWideNarrow aria-hidden="true" /> : <ArrowUpNarrowWide aria-hidden="true" />}
                <span id={`${panelId}-order-value`}>{filters.order === 'desc' ? 'High to Low' : 'Low to High'}</span>
              </Button>
            </div>
          </div>
        )}
      </section>

      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="search-caption">
        {results.isPending ? 'Loading stories...' : results.data ? searchCaption(results.data.stories.length, results.data.totalCount, filters.q, results.data.totalCountBounded) : ''}
      </p>

      {results.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading stories">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-20 w-full rounded-xl" />
          ))}
        </div>
      ) : results.isError && !results.data ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-8 text-center">
          <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
          <h2 className="text-lg font-semibold">Search failed</h2>
          <p className="text-muted-foreground">The stories could not be searched. Please try again.</p>
          <Button variant="outline" onClick={() => void results.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        results.data &&
        results.data.stories.length > 0 && (
          <ol className={cn('grid grid-cols-1 gap-3 transition-opacity', results.isPlaceholderData && 'opacity-60')} aria-label="Search results" aria-busy={results.isFetching}>
            {results.data.stories.map((story) => (
              <li key={story.id}>{renderStory(story, storyIds)}</li>
            ))}
          </ol>
        )
      )}
    </div>
  );
}

interface DebouncedText {
  value: string;
  change: (value: string) => void;
  /** Sets the text at once, with nothing pending (the caller applies the search itself). */
  reset: (value: string) => void;
  /** Applies what was typed now, without waiting for the pause. */
  flush: () => void;
}

/**
 * A text field whose value reaches the URL after a pause in typing. When the URL changes for another reason
 * (Back, Forward, Clear All), the field shows the URL's value; its own committed values are not echoed back,
 * so what is typed after a commit is never overwritten by it.
 */
function useDebouncedText(urlValue: string, commit: (value: string) => void): DebouncedText {
  const [value, setValue] = useState(urlValue);
  const committed = useRef(urlValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if (urlValue === committed.current) return;
    committed.current = urlValue;
    clearTimeout(timer.current);
    setValue(urlValue);
  }, [urlValue]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() === committed.current) return;
    committed.current = next.trim();
    commitRef.current(next.trim());
  };
  return {
    value,
    change: (next) => {
      setValue(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
    },
    reset: (next) => {
      clearTimeout(timer.current);
      committed.current = next;
      setValue(next);
    },
    flush: () => send(value),
  };
}

function SearchBox({ field, onPick }: { field: DebouncedText; onPick: (word: string) => void }) {
  const [open, setOpen] = useState(false);
  const suggestions = useSuggestions(field.value);
  const listId = useId();
  const words = (suggestions.data ?? []).filter((word) => word !== field.value.trim().toLowerCase());
  const showSuggestions = open && words.length > 0;

  return (
    <form
      role="search"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        field.flush();
        setOpen(false);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <SearchIcon className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        aria-label="Search stories"
        placeholder="Search story titles, or a domain or author..."
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        className="h-10 pr-10 pl-9 text-base [&::-webkit-search-cancel-button]:hidden"
        value={field.value}
        onChange={(event) => {
          field.change(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        autoComplete="off"
      />
      {field.value && (
        <button
          type="button"
          aria-label="Clear search"
          className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
          onClick={() => onPick('')}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
      {showSuggestions && (
        <ul id={listId} aria-label="Suggestions" className="absolute top-11 right-0 left-0 z-20 grid rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          {words.map((word) => (
            <li key={word}>
              <button
                type="button"
                className="w-full rounded-sm px-3 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent"
                onClick={() => {
                  onPick(word);
                  setOpen(false);
                }}
              >
                {word}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

function TextFilter({ label, field, ...input }: { label: string; field: DebouncedText } & Pick<ComponentProps<'input'>, 'placeholder' | 'type' | 'min' | 'max'>) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} maxLength={SEARCH_TEXT_MAX_LENGTH} value={field.value} onChange={(event) => field.change(event.target.value)} {...input} />
    </div>
  );
}
