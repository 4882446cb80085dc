import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_STORIES_LIMIT, MAX_HOURS, type StoryListQuery } from '#common/contracts/stories.ts';
import { STORY_LIST_MAX_LIMIT } from '#common/rules/limits.ts';
import { DEFAULT_TIME_FILTER, isTimeFilter } from '#common/rules/time-windows.ts';

/** The whole-number fields a quick read takes, with their bounds (storyListQuerySchema's). */
const WHOLE_FIELDS: Readonly<Record<string, readonly [min: number, max: number]>> = {
  minScore: [0, 1_000_000],
  page: [1, 1_000_000],
  limit: [1, STORY_LIST_MAX_LIMIT],
  hours: [1, MAX_HOURS],
  minVelocity: [0, 100_000],
};
/** More digits than any bound has: a longer run is left to the schema. */
const MOST_DIGITS = 7;

/**
 * A list's query as storyListQuerySchema reads it, when it is the usual kind: only the numbers and the window, each
 * once, numbers as plain digits within their bounds. Anything else (a filter, a sign, a decimal point, a value out of
 * bounds, a field twice or unknown) answers undefined, and the schema reads it. The schema costs a few microseconds a
 * request, a tenth of a deep page (docs/performance.md, "API"); list-query.test.ts checks both read the same.
 */
export function quickListQuery(query: unknown): StoryListQuery | undefined {
  if (query === null || typeof query !== 'object') return undefined;
  let minScore = 0;
  let page = 1;
  let limit = DEFAULT_STORIES_LIMIT;
  let hours: number | undefined;
  let timeFilter = DEFAULT_TIME_FILTER;
  let minVelocity = 0;
  const fields = query as Record<string, unknown>;
  for (const name in fields) {
    const value = fields[name];
    if (typeof value !== 'string') return undefined;
    if (name === 'timeFilter') {
      if (!isTimeFilter(value)) return undefined;
      timeFilter = value;
      continue;
    }
    const bounds = WHOLE_FIELDS[name];
    if (bounds === undefined || !Object.hasOwn(WHOLE_FIELDS, name)) return undefined;
    const number = digitsValue(value);
    if (number < bounds[0] || number > bounds[1]) return undefined;
    if (name === 'minScore') minScore = number;
    else if (name === 'page') page = number;
    else if (name === 'limit') limit = number;
    else if (name === 'hours') hours = number;
    else minVelocity = number;
  }
  // With the keys the schema writes: hours only when given, no domain nor heat.
  return hours === undefined
    ? { minScore, page, limit, timeFilter, minVelocity, showMuted: false }
    : { minScore, page, limit, hours, timeFilter, minVelocity, showMuted: false };
}

/** A run of 1-7 decimal digits as its number; -1 for anything else. */
function digitsValue(text: string): number {
  const length = text.length;
  if (length === 0 || length > MOST_DIGITS) return -1;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The list routes' validator: their usual query read at once (quickListQuery), any other part and any other query
 * by the schema, as every route's.
 */
export const listQueryValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const bySchema = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'querystring') return bySchema;
  return (data) => {
    const quick = quickListQuery(data);
    return quick === undefined ? bySchema(data) : { value: quick };
  };
};
