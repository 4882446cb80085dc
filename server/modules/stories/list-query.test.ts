import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storyListQuerySchema } from '#common/contracts/stories.ts';
import { TIME_FILTERS } from '#common/rules/time-windows.ts';
import { quickListQuery } from './list-query.ts';

/** A query string's fields as Fastify hands them over: no prototype. */
const asParsed = (fields: Record<string, unknown>) => Object.assign(Object.create(null) as object, fields);

describe('quickListQuery', () => {
  it('reads the usual queries as the schema does, keys and all', () => {
    for (const fields of [
      {},
      { page: '3', limit: '45', minScore: '19' },
      { page: '1', limit: '50', timeFilter: '3d', hours: '72' },
      { minScore: '0', page: '1000000', limit: '1000', hours: '87600', timeFilter: 'month', minVelocity: '100000' },
      { limit: '007', hours: '1' },
    ]) {
      expect(quickListQuery(asParsed(fields))).toStrictEqual(storyListQuerySchema.parse(fields));
    }
  });

  it('leaves to the schema what it does not read', () => {
    for (const fields of [
      { page: '0' },
      { page: '-1' },
      { page: '+1' },
      { limit: '1001' },
      { minScore: '1000001' },
      { minVelocity: '1.5' },
      { hours: '' },
      { page: ' 1' },
      { page: '１' },
      { page: ['1', '2'] },
      { timeFilter: 'year' },
      { domain: 'example.com' },
      { heat: 'hot' },
      { showMuted: '1' },
      { toString: '1' },
      JSON.parse('{"__proto__":"1"}') as Record<string, unknown>,
      { other: '1' },
    ]) {
      expect(quickListQuery(asParsed(fields))).toBeUndefined();
    }
    expect(quickListQuery(null)).toBeUndefined();
    expect(quickListQuery('page=1')).toBeUndefined();
  });

  it('whatever it reads, the schema reads the same', () => {
    const value = fc.oneof(
      fc.integer({ min: -10, max: 2_000_000 }).map(String),
      fc.constantFrom('', '0', '00', '1e3', '1.0', '-0', ' 1', 'x', ...TIME_FILTERS),
      fc.string({ maxLength: 8 }),
    );
    const name = fc.constantFrom('minScore', 'page', 'limit', 'hours', 'timeFilter', 'minVelocity', 'domain', 'heat', 'showMuted', 'x');
    fc.assert(
      fc.property(fc.dictionary(name, value, { maxKeys: 7 }), (fields) => {
        const quick = quickListQuery(asParsed(fields));
        if (quick !== undefined) expect(quick).toStrictEqual(storyListQuerySchema.parse(fields));
      }),
      { numRuns: 2000 },
    );
  });
});
