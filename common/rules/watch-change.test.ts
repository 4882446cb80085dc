import { describe, expect, it } from 'vitest';
import { HEAT_LEVELS, WATCH_STATUSES } from './heat.ts';
import { watchChange, watchChangeNote } from './watch-change.ts';

/** Every pair of watch statuses, from → to, with what the person is told (null: nothing, the state is the same). */
const TABLE: [from: string, to: string, note: string | null][] = [
  ['viral', 'viral', null],
  ['viral', 'hot', 'Cooling: was Viral, now Hot'],
  ['viral', 'rising', 'Cooling: was Viral, now Rising'],
  ['viral', 'trending', 'Cooling: was Viral, now Trending'],
  ['viral', 'other', 'Cooling: was Viral, now has no heat badge'],
  ['hot', 'viral', 'Growing: was Hot, now Viral'],
  ['hot', 'hot', null],
  ['hot', 'rising', 'Cooling: was Hot, now Rising'],
  ['hot', 'trending', 'Cooling: was Hot, now Trending'],
  ['hot', 'other', 'Cooling: was Hot, now has no heat badge'],
  ['rising', 'viral', 'Growing: was Rising, now Viral'],
  ['rising', 'hot', 'Growing: was Rising, now Hot'],
  ['rising', 'rising', null],
  ['rising', 'trending', 'Cooling: was Rising, now Trending'],
  ['rising', 'other', 'Cooling: was Rising, now has no heat badge'],
  ['trending', 'viral', 'Growing: was Trending, now Viral'],
  ['trending', 'hot', 'Growing: was Trending, now Hot'],
  ['trending', 'rising', 'Growing: was Trending, now Rising'],
  ['trending', 'trending', null],
  ['trending', 'other', 'Cooling: was Trending, now has no heat badge'],
  ['other', 'viral', 'Growing: had no heat badge, now Viral'],
  ['other', 'hot', 'Growing: had no heat badge, now Hot'],
  ['other', 'rising', 'Growing: had no heat badge, now Rising'],
  ['other', 'trending', 'Growing: had no heat badge, now Trending'],
  ['other', 'other', null],
];

/** Values that all mean "no heat badge": the stored 'other', a missing value, and anything the rule does not know. */
const NO_BADGE = [null, undefined, '', 'unknown', 'Hot', ' hot'];

const noteOf = (from: string | null | undefined, to: string | null | undefined) => {
  const change = watchChange(from, to);
  return change && watchChangeNote(change);
};

describe('watchChange', () => {
  it('covers every pair of watch statuses', () => {
    const pairs = TABLE.map(([from, to]) => `${from}→${to}`);
    expect(new Set(pairs).size).toBe(TABLE.length);
    expect(pairs.sort()).toEqual(WATCH_STATUSES.flatMap((from) => WATCH_STATUSES.map((to) => `${from}→${to}`)).sort());
  });

  it.each(TABLE)('%s → %s: %s', (from, to, note) => {
    expect(noteOf(from, to)).toBe(note);
    if (note) expect(watchChange(from, to)!.direction).toBe(note.startsWith('Growing') ? 'growing' : 'cooling');
  });

  it.each(NO_BADGE)('reads %j as no heat badge, both ways', (value) => {
    for (const level of [...HEAT_LEVELS, 'other']) {
      expect(noteOf(value, level)).toBe(noteOf('other', level));
      expect(noteOf(level, value)).toBe(noteOf(level, 'other'));
    }
    for (const other of NO_BADGE) expect(watchChange(value, other)).toBeNull();
  });

  it('never shows a person a stored value', () => {
    for (const from of [...WATCH_STATUSES, ...NO_BADGE]) {
      for (const to of [...WATCH_STATUSES, ...NO_BADGE]) {
        const note = noteOf(from, to);
        if (note) expect(note).not.toMatch(/other|unknown|undefined|null|viral|hot|rising|trending/);
      }
    }
  });
});
