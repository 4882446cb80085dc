import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonColumnsSql, rowsOfColumns } from './json-columns.ts';

describe('jsonColumnsSql', () => {
  it('aggregates each column of the alias on its own, in the order given', () => {
    expect(jsonColumnsSql('w', ['display', 'stories'])).toBe('json_build_array(json_agg(w.display), json_agg(w.stories))');
  });
});

describe('rowsOfColumns', () => {
  it('zips the columns back into rows, in order', () => {
    expect(
      rowsOfColumns([
        ['Rust', 'Go'],
        [12, 7],
        [true, false],
      ]),
    ).toEqual([
      ['Rust', 12, true],
      ['Go', 7, false],
    ]);
  });

  it('gives no rows for a query without rows (json_agg of nothing is null)', () => {
    expect(rowsOfColumns([null, null] as unknown as unknown[][])).toEqual([]);
    expect(rowsOfColumns(null)).toEqual([]);
  });

  it('is the inverse of splitting rows into columns', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }).chain((width) => fc.array(fc.array(fc.oneof(fc.integer(), fc.string(), fc.constant(null)), { minLength: width, maxLength: width }), { minLength: 1 })), (rows) => {
        const columns = rows[0]!.map((_, column) => rows.map((row) => row[column]));
        expect(rowsOfColumns(columns)).toEqual(rows);
      }),
    );
  });
});
