import { RefreshCw } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { REFRESH_INTERVALS_MINUTES } from '../../../../../common/rules/limits.ts';
import { normaliseMinScore } from '../../../../../common/rules/numbers.ts';
import { isStorySort, STORY_SORT_LABELS, STORY_SORTS, type StorySort } from '../../../../../common/rules/sorts.ts';
import { isTimeFilter, TIME_FILTERS, type TimeFilter } from '../../../../../common/rules/time-windows.ts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';

const SORT_OPTIONS = STORY_SORTS.map((sort) => ({ value: sort, label: STORY_SORT_LABELS[sort] }));
const TIME_FILTER_OPTIONS = TIME_FILTERS.map((filter) => ({ value: filter, label: filter }));
const REFRESH_INTERVAL_OPTIONS = REFRESH_INTERVALS_MINUTES.map((minutes) => ({ value: String(minutes), label: `${minutes} min` }));

export interface ListFilters {
  sort: StorySort;
  timeFilter: TimeFilter;
  minScore: number;
}

export interface FilterBarProps {
  filters: ListFilters;
  onFiltersChange: (filters: ListFilters) => void;
  autoRefresh: boolean;
  onAutoRefreshChange: (on: boolean) => void;
  refreshInterval: number;
  onRefreshIntervalChange: (minutes: number) => void;
  /** 'Xm Ys', or 'Refreshing...' while a refresh runs. */
  countdown: ReactNode;
  onRefresh: () => void;
  refreshing: boolean;
}

export function FilterBar(props: FilterBarProps) {
  const { filters, onFiltersChange } = props;
  const ids = { sort: useId(), window: useId(), minScore: useId(), auto: useId(), interval: useId() };
  const [minScoreText, setMinScoreText] = useState(String(filters.minScore));
  // Preferences may replace the min score after the first render.
  useEffect(() => setMinScoreText(String(filters.minScore)), [filters.minScore]);

  const commitMinScore = () => {
    const minScore = normaliseMinScore(minScoreText);
    setMinScoreText(String(minScore));
    if (minScore !== filters.minScore) onFiltersChange({ ...filters, minScore });
  };

  return (
    <section aria-label="Story filters" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.sort}>Sort by</Label>
        <NativeSelect
          id={ids.sort}
          value={filters.sort}
          onChange={(event) => isStorySort(event.target.value) && onFiltersChange({ ...filters, sort: event.target.value })}
          options={SORT_OPTIONS}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.window}>Time window</Label>
        <NativeSelect
          id={ids.window}
          value={filters.timeFilter}
          onChange={(event) => isTimeFilter(event.target.value) && onFiltersChange({ ...filters, timeFilter: event.target.value })}
          options={TIME_FILTER_OPTIONS}
        />
      </div>
      <form
        className="grid gap-1.5"
        // Any input is accepted and normalised (non-numeric becomes 0), so the browser's own checks stay out of the way.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          commitMinScore();
        }}
      >
        <Label htmlFor={ids.minScore}>Min score</Label>
        <Input
          id={ids.minScore}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={minScoreText}
          onChange={(event) => setMinScoreText(event.target.value)}
          onBlur={commitMinScore}
        />
      </form>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3 sm:col-span-2 lg:col-span-1">
        <div className="flex h-9 items-center gap-2">
          <Switch id={ids.auto} checked={props.autoRefresh} onCheckedChange={props.onAutoRefreshChange} />
          <Label htmlFor={ids.auto}>Auto-refresh</Label>
        </div>
        {props.autoRefresh && (
          <div className="flex items-center gap-2">
            <Label htmlFor={ids.interval} className="sr-only">
              Refresh interval
            </Label>
            <NativeSelect
              id={ids.interval}
              className="w-24"
              value={String(props.refreshInterval)}
              onChange={(event) => props.onRefreshIntervalChange(Number(event.target.value))}
              options={REFRESH_INTERVAL_OPTIONS}
            />
            {/* A page rendered by the server counts down from there; the browser's first render may be a second later. */}
            <span className="min-w-24 text-sm tabular-nums text-muted-foreground" data-testid="refresh-countdown" aria-live="off" suppressHydrationWarning>
              {props.countdown}
            </span>
          </div>
        )}
        <Button variant="outline" onClick={props.onRefresh} disabled={props.refreshing}>
          <RefreshCw className={props.refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </div>
    </section>
  );
}
