/**
 * A list's view as query parameters of its page (`/?sort=score&window=week&minScore=50&page=3`, `/bookmarks?page=2`),
 * so that a reload keeps it, Back and Forward move between views, and a view can be linked. Only what differs from
 * the effective default is written, so the plain `/` stays plain; a parameter that is missing or not understood
 * means the default (a mistyped link opens the ordinary list rather than an error).
 */
import { isStorySort, type StorySort } from '#common/rules/sorts.ts';
import { isTimeFilter, type TimeFilter } from '#common/rules/time-windows.ts';
import { HEAT_LEVELS, type HeatLevel } from '#common/rules/heat.ts';
import { normaliseDomain } from '#common/rules/mutes.ts';

/** The parameter names, as they appear in the address bar. */
export const LIST_URL_PARAMS = {
  sort: 'sort',
  timeFilter: 'window',
  minScore: 'minScore',
  domain: 'domain',
  heat: 'heat',
  showMuted: 'showMuted',
  page: 'page',
} as const;

/** The API's bounds for min score and page (common/contracts/stories.ts): a link beyond them is read as the bound. */
const MAX_URL_NUMBER = 1_000_000;

export interface StoryListView {
  sort: StorySort;
  timeFilter: TimeFilter;
  minScore: number;
  /** A domain (its subdomains too); absent or '' for any. */
  domain?: string;
  /** A heat level; absent or '' for any. */
  heat?: HeatLevel | '';
  /** Muted stories shown (marked) instead of left out. */
  showMuted?: boolean;
  page: number;
}

/** What the list shows when the URL says nothing: the person's preferences, else the product's defaults; page 1. */
export type StoryListViewDefaults = Pick<StoryListView, 'sort' | 'timeFilter' | 'minScore'>;

const isHeatLevel = (value: string): value is HeatLevel => (HEAT_LEVELS as readonly string[]).includes(value);

/** A whole number written plainly in the URL ('12'), at least `min`; anything else is undefined. */
function wholeNumberParam(params: URLSearchParams, name: string, min: number): number | undefined {
  const text = params.get(name);
  if (text === null || !/^\d{1,12}$/.test(text)) return undefined;
  const value = Number(text);
  return value < min ? undefined : Math.min(value, MAX_URL_NUMBER);
}

/** The page a list's URL asks for: `page`, else 1. */
export function pageFromSearch(search: string): number {
  return wholeNumberParam(new URLSearchParams(search), LIST_URL_PARAMS.page, 1) ?? 1;
}

/** The story list's view from its URL's query string (with or without the leading '?'). */
export function storyListViewFromSearch(search: string, defaults: StoryListViewDefaults): StoryListView {
  const params = new URLSearchParams(search);
  const sort = params.get(LIST_URL_PARAMS.sort) ?? '';
  const timeFilter = params.get(LIST_URL_PARAMS.timeFilter) ?? '';
  const domain = normaliseDomain(params.get(LIST_URL_PARAMS.domain) ?? '');
  const heat = params.get(LIST_URL_PARAMS.heat) ?? '';
  return {
    sort: isStorySort(sort) ? sort : defaults.sort,
    timeFilter: isTimeFilter(timeFilter) ? timeFilter : defaults.timeFilter,
    minScore: wholeNumberParam(params, LIST_URL_PARAMS.minScore, 0) ?? defaults.minScore,
    ...(domain && { domain }),
    ...(isHeatLevel(heat) && { heat }),
    ...(params.get(LIST_URL_PARAMS.showMuted) === '1' && { showMuted: true }),
    page: pageFromSearch(search),
  };
}

/** '?…' with what differs from the defaults, or '' when nothing does. */
function searchOf(entries: [name: string, value: string | number, defaultValue: string | number][]): string {
  const params = new URLSearchParams();
  for (const [name, value, defaultValue] of entries) if (value !== defaultValue) params.set(name, String(value));
  const search = params.toString();
  return search && `?${search}`;
}

/** The query string of a story list view: '' for the defaults. */
export function storyListSearch(view: StoryListView, defaults: StoryListViewDefaults): string {
  return searchOf([
    [LIST_URL_PARAMS.sort, view.sort, defaults.sort],
    [LIST_URL_PARAMS.timeFilter, view.timeFilter, defaults.timeFilter],
    [LIST_URL_PARAMS.minScore, view.minScore, defaults.minScore],
    [LIST_URL_PARAMS.domain, view.domain ?? '', ''],
    [LIST_URL_PARAMS.heat, view.heat ?? '', ''],
    [LIST_URL_PARAMS.showMuted, view.showMuted ? 1 : 0, 0],
    [LIST_URL_PARAMS.page, view.page, 1],
  ]);
}

/** The query string of a paged list's page: '' for page 1. */
export function pageSearch(page: number): string {
  return searchOf([[LIST_URL_PARAMS.page, page, 1]]);
}
