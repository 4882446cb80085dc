import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_FILTER,
  TIME_FILTERS,
  TIME_FILTER_CAPTIONS,
  isTimeFilter,
  timeFilterHours,
} from './time-windows.ts';

describe('time windows (part 1 §2, §7)', () => {
  it('offers 1h, 6h, 24h, 3d, week and month, defaulting to 3d', () => {
    expect(TIME_FILTERS).toEqual(['1h', '6h', '24h', '3d', 'week', 'month']);
    expect(DEFAULT_TIME_FILTER).toBe('3d');
  });

  it.each([
    ['1h', 1],
    ['6h', 6],
    ['24h', 24],
    ['3d', 72],
    ['week', 168],
    ['month', 720],
  ] as const)('%s lasts %i hours, for every sort (Recent included: a departure from the spec)', (filter, hours) => {
    expect(timeFilterHours(filter)).toBe(hours);
  });

  it('captions every window for the count line', () => {
    expect(TIME_FILTERS.map((filter) => TIME_FILTER_CAPTIONS[filter])).toEqual([
      'last hour',
      'last 6h',
      'last 24h',
      'last 3 days',
      'last week',
      'last month',
    ]);
  });

  it('recognises the windows and nothing else', () => {
    for (const filter of TIME_FILTERS) expect(isTimeFilter(filter)).toBe(true);
    for (const other of ['', '3D', '7d', 'year', 'toString']) expect(isTimeFilter(other)).toBe(false);
  });
});
