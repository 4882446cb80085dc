import { z } from 'zod';

/**
 * The rules every route applies at the edge to text and ids, so bad input is a 400 with a message rather than a
 * database error (a 500): text PostgreSQL can store, of bounded length; ids within PostgreSQL's integer.
 */

/** The largest id PostgreSQL's integer holds: anything above is no row of ours. */
export const MAX_ID = 2_147_483_647;

/** PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate has no UTF-8 form: either fails the query. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\p{Cs}]/u;

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

const unstorableMessage = (name: string) => `${name} contains a character that cannot be stored (a NUL or an unpaired surrogate)`;

/**
 * Text the database can store, at most `max` characters. Trimmed unless `trim: false` (a password keeps its spaces);
 * `min: 1` makes it required.
 */
export const text = (name: string, max: number, { trim = true, min = 0 }: { trim?: boolean; min?: number } = {}) => {
  let schema = z.string({ error: (issue) => (issue.input === undefined && min > 0 ? `${name} is required` : `${name} must be text`) });
  if (trim) schema = schema.trim();
  if (min > 0) schema = schema.min(min, min === 1 ? `${name} is required` : `${name} must be at least ${min} characters`);
  return schema.max(max, `${name} must be at most ${max} characters`).refine(isStorableText, unstorableMessage(name));
};

/** Whether every text in a JSON value (its strings and its keys, at any depth) is storable. */
function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value !== null && typeof value === 'object') return Object.entries(value).every(([key, item]) => isStorableText(key) && isStorableJson(item));
  return true;
}

/**
 * Any JSON value whose texts follow the text rule, at most `max` characters as JSON; required. JSON escapes a NUL
 * or a lone surrogate (`\u0000`, `\ud800`), so the check is on the texts themselves: PostgreSQL's jsonb refuses
 * the one and would store the other as U+FFFD.
 */
export const jsonValue = (name: string, max: number) =>
  z.unknown().superRefine((value, context) => {
    const json = value === undefined ? undefined : JSON.stringify(value);
    if (json === undefined) context.addIssue({ code: 'custom', message: `${name} is required` });
    else if (json.length > max) context.addIssue({ code: 'custom', message: `${name} must be at most ${max} characters of JSON` });
    else if (!isStorableJson(value)) context.addIssue({ code: 'custom', message: unstorableMessage(name) });
  });

/** Optional text: absent, null and blank all mean "none" (null). */
export const optionalText = (name: string, max: number) =>
  text(name, max)
    .nullish()
    .transform((value) => value || null);

/** An id in a JSON body. */
export const idNumber = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be a positive number`)
    .max(MAX_ID, `${name} is too large`);

/** An id in a path or query string, where it arrives as text. */
export const idParam = (name: string) =>
  z
    .string({ error: `${name} must be a positive whole number` })
    .regex(/^\d+$/, `${name} must be a positive whole number`)
    .transform(Number)
    .pipe(z.number().min(1, `${name} must be a positive number`).max(MAX_ID, `${name} is too large`));

/** A whole number in a query string, where it arrives as text. */
export const intParam = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be a whole number` })
    .regex(/^-?\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));
