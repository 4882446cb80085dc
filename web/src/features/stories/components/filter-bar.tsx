import { FeedButton, useFeedAlternates } from '@/components/feed-button';
import { SpriteIcon } from '@/components/sprite-icon';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { REFRESH_INTERVALS_MINUTES } from '#common/rules/limits.ts';
import { normaliseMinScore } from '#common/rules/numbers.ts';
import { isStorySort, STORY_SORT_LABELS, STORY_SORTS, type StorySort } from '#common/rules/sorts.ts';
import { isTimeFilter, TIME_FILTER_CAPTIONS, TIME_FILTERS, type TimeFilter } from '#common/rules/time-windows.ts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { HEAT_LEVEL_NAMES, HEAT_LEVELS, type HeatLevel } from '#common/rules/heat.ts';
import { normaliseDomain } from '#common/rules/mutes.ts';
import { listFeedAddress } from '#common/rules/feed-links.ts';
import { useRenderedForPhone } from '@/lib/rendered-for-phone';

const SORT_OPTIONS = STORY_SORTS.map((sort) => ({ value: sort, label: STORY_SORT_LABELS[sort] }));
const TIME_FILTER_OPTIONS = TIME_FILTERS.map((filter) => ({ value: filter, label: filter }));
const REFRESH_INTERVAL_OPTIONS = REFRESH_INTERVALS_MINUTES.map((minutes) => ({ value: String(minutes), label: `${minutes} min` }));

export interface ListFilters {
  sort: StorySort;
  timeFilter: TimeFilter;
  minScore: number;
  /** A domain and its subdomains; '' for any. */
  domain: string;
  /** A heat level (the card's badge); '' for any. */
  heat: HeatLevel | '';
}

const heatOptions = (anyLabel: string) => [{ value: '', label: anyLabel }, ...HEAT_LEVELS.map((level) => ({ value: level, label: HEAT_LEVEL_NAMES[level] }))];
const HEAT_OPTIONS_STACKED = heatOptions('Any');
// On the one-line bar the heat select has no visible label, so its "any" choice names what it filters.
const HEAT_OPTIONS_INLINE = heatOptions('Any heat');
const isHeatChoice = (value: string): value is HeatLevel | '' => value === '' || (HEAT_LEVELS as readonly string[]).includes(value);

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
  /** Domains offered as the domain filter is typed: those of the stories in view. */
  domainSuggestions?: readonly string[];
}

/**
 * The list's filters. Wider screens show every control on one line (every line above the list is a story fewer on
 * screen: the sort, the domain and the heat say what they are by their values, their labels are for screen
 * readers); phones show a one-line summary of the view
 * (sort, window, min score) that opens the same controls in a sheet, so the first screen is stories. Both are in
 * the page the server renders (CSS picks one), so it hydrates the same at any width; a page rendered for a phone
 * holds the summary alone, at any width, until its app runs.
 */
export function FilterBar(props: FilterBarProps) {
  const { filters, onFiltersChange } = props;
  const [minScoreText, setMinScoreText] = useState(String(filters.minScore));
  const [domainText, setDomainText] = useState(filters.domain);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Preferences may replace the min score after the first render; Back and Forward change the domain.
  useEffect(() => setMinScoreText(String(filters.minScore)), [filters.minScore]);
  useEffect(() => setDomainText(filters.domain), [filters.domain]);

  const commitMinScore = () => {
    const minScore = normaliseMinScore(minScoreText);
    setMinScoreText(String(minScore));
    if (minScore !== filters.minScore) onFiltersChange({ ...filters, minScore });
  };
  /** A domain commits as min score does (Enter or leaving the field); one that is no host name means any. */
  const commitDomain = (text = domainText) => {
    const domain = normaliseDomain(text) ?? '';
    setDomainText(domain);
    if (domain !== filters.domain) onFiltersChange({ ...filters, domain });
  };
  /** Both typed fields at once (closing the phone's sheet): one change, one history entry. */
  const commitTyped = () => {
    const minScore = normaliseMinScore(minScoreText);
    const domain = normaliseDomain(domainText) ?? '';
    setMinScoreText(String(minScore));
    setDomainText(domain);
    if (minScore !== filters.minScore || domain !== filters.domain) onFiltersChange({ ...filters, minScore, domain });
  };
  useFeedAlternates(listFeedAddress(filters), `HN Trends: ${STORY_SORT_LABELS[filters.sort]} stories`);
  const controls = { ...props, minScoreText, onMinScoreTextChange: setMinScoreText, commitMinScore, domainText, onDomainTextChange: setDomainText, commitDomain };
  const forPhone = useRenderedForPhone();

  return (
    <>
      {!forPhone && (
        <section aria-label="Story filters" className="hidden flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-card px-3 py-1.5 shadow-sm sm:flex">
          <FilterControls {...controls} />
        </section>
      )}
      <section aria-label="Story filters" className={cn(!forPhone && 'sm:hidden')}>
        <Dialog
          open={sheetOpen}
          onOpenChange={(open) => {
            // Closing the sheet (Done, Escape, a tap outside) keeps a min score or domain typed but not yet committed.
            if (!open) commitTyped();
            setSheetOpen(open);
          }}
        >
          <DialogTrigger asChild>
            <button type="button" className="flex h-11 w-full items-center gap-2 rounded-xl border bg-card px-3 text-left text-sm shadow-sm">
              <SpriteIcon name="sliders-horizontal" className="size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium">{STORY_SORT_LABELS[filters.sort]}</span> · {TIME_FILTER_CAPTIONS[filters.timeFilter]} · min score{' '}
                {filters.minScore}
                {filters.domain && ` · ${filters.domain}`}
                {filters.heat && ` · ${HEAT_LEVEL_NAMES[filters.heat]}`}
              </span>
              <span className="font-medium text-primary">Filters</span>
            </button>
          </DialogTrigger>
          <DialogContent
            showClose={false}
            aria-describedby={undefined}
            className="top-auto bottom-0 left-0 w-full max-w-none translate-x-0 translate-y-0 rounded-t-2xl rounded-b-none p-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
          >
            <DialogTitle>Story filters</DialogTitle>
            <div className="grid gap-4">
              <FilterControls {...controls} stacked />
            </div>
            <DialogClose asChild>
              <Button className="h-11">Done</Button>
            </DialogClose>
          </DialogContent>
        </Dialog>
      </section>
    </>
  );
}

interface FilterControlsProps extends FilterBarProps {
  minScoreText: string;
  onMinScoreTextChange: (text: string) => void;
  commitMinScore: () => void;
  domainText: string;
  onDomainTextChange: (text: string) => void;
  commitDomain: (text?: string) => void;
  /** Labels above their fields, one control a line (the phone's sheet); else labels beside them, on one line. */
  stacked?: boolean;
}

function FilterControls(props: FilterControlsProps) {
  const { filters, onFiltersChange, stacked = false } = props;
  const ids = { sort: useId(), window: useId(), minScore: useId(), domain: useId(), domains: useId(), heat: useId(), auto: useId(), interval: useId() };
  const field = stacked ? 'grid gap-1.5' : 'flex items-center gap-2';
  /** A label the one-line bar leaves to screen readers, its field's value saying enough there. */
  const quietLabel = stacked ? undefined : 'sr-only';

  return (
    <>
      <div className={field}>
        <Label htmlFor={ids.sort} className={quietLabel}>
          Sort by
        </Label>
        <NativeSelect
          id={ids.sort}
          className={stacked ? undefined : 'w-30'}
          value={filters.sort}
          onChange={(event) => isStorySort(event.target.value) && onFiltersChange({ ...filters, sort: event.target.value })}
          options={SORT_OPTIONS}
        />
      </div>
      <div className={field}>
        <Label htmlFor={ids.window}>Time window</Label>
        <NativeSelect
          id={ids.window}
          className={stacked ? undefined : 'w-20'}
          value={filters.timeFilter}
          onChange={(event) => isTimeFilter(event.target.value) && onFiltersChange({ ...filters, timeFilter: event.target.value })}
          options={TIME_FILTER_OPTIONS}
        />
      </div>
      <form
        className={field}
        // Any input is accepted and normalised (non-numeric becomes 0), so the browser's own checks stay out of the way.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.commitMinScore();
        }}
      >
        <Label htmlFor={ids.minScore}>Min score</Label>
        <Input
          id={ids.minScore}
          className={stacked ? undefined : 'w-16'}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={props.minScoreText}
          onChange={(event) => props.onMinScoreTextChange(event.target.value)}
          onBlur={props.commitMinScore}
        />
      </form>
      <form
        className={field}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.commitDomain();
        }}
      >
        <Label htmlFor={ids.domain} className={quietLabel}>
          Domain
        </Label>
        <Input
          id={ids.domain}
          className={stacked ? undefined : 'w-28'}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={stacked ? 'any' : 'Domain'}
          list={ids.domains}
          value={props.domainText}
          onChange={(event) => {
            props.onDomainTextChange(event.target.value);
            // Picking a suggestion commits it at once, as choosing from a select does.
            if ((props.domainSuggestions ?? []).includes(event.target.value)) props.commitDomain(event.target.value);
          }}
          onBlur={() => props.commitDomain()}
        />
        <datalist id={ids.domains}>
          {(props.domainSuggestions ?? []).slice(0, 20).map((domain) => (
            <option key={domain} value={domain} />
          ))}
        </datalist>
      </form>
      <div className={field}>
        <Label htmlFor={ids.heat} className={quietLabel}>
          Heat
        </Label>
        <NativeSelect
          id={ids.heat}
          className={stacked ? undefined : 'w-28'}
          value={filters.heat}
          onChange={(event) => isHeatChoice(event.target.value) && onFiltersChange({ ...filters, heat: event.target.value })}
          options={stacked ? HEAT_OPTIONS_STACKED : HEAT_OPTIONS_INLINE}
        />
      </div>
      <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-3', !stacked && 'ml-auto')}>
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
              className="w-22"
              value={String(props.refreshInterval)}
              onChange={(event) => props.onRefreshIntervalChange(Number(event.target.value))}
              options={REFRESH_INTERVAL_OPTIONS}
            />
            {/* A page rendered by the server counts down from there; the browser's first render may be a second later. */}
            <span className="min-w-13 text-sm tabular-nums text-muted-foreground" data-testid="refresh-countdown" aria-live="off" suppressHydrationWarning>
              {props.countdown}
            </span>
          </div>
        )}
        <FeedButton address={listFeedAddress(filters)} subject={`${STORY_SORT_LABELS[filters.sort]} stories`} iconOnly={!stacked} />
        {/* On the one-line bar the icon alone, its name for screen readers and as a tooltip. */}
        <Button variant="outline" size={stacked ? 'default' : 'icon'} title={stacked ? undefined : 'Refresh'} onClick={props.onRefresh} disabled={props.refreshing}>
          <SpriteIcon name="refresh-cw" className={props.refreshing ? 'animate-spin' : undefined} />
          <span className={quietLabel}>Refresh</span>
        </Button>
      </div>
    </>
  );
}
