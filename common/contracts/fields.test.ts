import { describe, expect, it } from 'vitest';
import { idNumber, idParam, intParam, isStorableText, jsonValue, MAX_ID, optionalText, text } from './fields.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('text', () => {
  it('refuses what PostgreSQL cannot store: NUL and unpaired surrogates, paired ones are fine', () => {
    expect(isStorableText('plain, ünïcode and 😀')).toBe(true);
    for (const bad of ['a\u0000b', '\ud800', 'x\udfff', '\udfff\ud800']) expect(isStorableText(bad)).toBe(false);
    expect(messages(text('note', 10).safeParse('a\u0000'))).toEqual(['note contains a character that cannot be stored (a NUL or an unpaired surrogate)']);
  });

  it('trims unless told not to, bounds the length and can be required', () => {
    expect(text('name', 5).parse('  Ann  ')).toBe('Ann');
    expect(text('password', 5, { trim: false }).parse(' pw ')).toBe(' pw ');
    expect(messages(text('name', 3).safeParse('Anna'))).toEqual(['name must be at most 3 characters']);
    expect(messages(text('name', 3, { min: 1 }).safeParse('  '))).toEqual(['name is required']);
    expect(messages(text('name', 3, { min: 1 }).safeParse(undefined))).toEqual(['name is required']);
    expect(messages(text('name', 3).safeParse(7))).toEqual(['name must be text']);
  });

  it('optional text turns absent, null and blank into null', () => {
    for (const none of [undefined, null, '', '   ']) expect(optionalText('reason', 5).parse(none)).toBeNull();
    expect(optionalText('reason', 5).parse(' why ')).toBe('why');
    expect(optionalText('reason', 5).safeParse('\u0000').success).toBe(false);
  });
});

describe('JSON values', () => {
  it('takes any JSON value whose texts are storable, and refuses a NUL or a lone surrogate in any text or key', () => {
    const value = jsonValue('value', 100);
    for (const good of [true, 3, 'plain', null, ['a', { b: '😀' }], { nested: { list: [1, 'x'] } }]) expect(value.safeParse(good).success, JSON.stringify(good)).toBe(true);
    for (const bad of ['a\u0000', '\ud800', ['ok', 'x\udfff'], { deep: { list: ['\u0000'] } }, { 'k\u0000': 1 }, { '\ud83d': true }]) {
      expect(messages(value.safeParse(bad))).toEqual(['value contains a character that cannot be stored (a NUL or an unpaired surrogate)']);
    }
    expect(messages(value.safeParse(undefined))).toEqual(['value is required']);
    expect(messages(value.safeParse('x'.repeat(99)))).toEqual(['value must be at most 100 characters of JSON']);
  });
});

describe('ids', () => {
  it('takes positive whole numbers within PostgreSQL integer range, in bodies and as text', () => {
    expect(idNumber('storyId').parse(MAX_ID)).toBe(MAX_ID);
    expect(idParam('id').parse(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, Number.NaN, '1']) expect(idNumber('storyId').safeParse(bad).success).toBe(false);
    for (const bad of ['0', '-1', '1.5', '1e3', String(MAX_ID + 1), '9'.repeat(400), '', ' 1']) expect(idParam('id').safeParse(bad).success).toBe(false);
    expect(messages(idParam('id').safeParse(String(MAX_ID + 1)))).toEqual(['id is too large']);
  });

  it('query numbers are bounded both ways', () => {
    expect(intParam('page', 1, 10).parse('10')).toBe(10);
    for (const bad of ['0', '11', '-3', '1.0', 'x', '9'.repeat(400)]) expect(intParam('page', 1, 10).safeParse(bad).success).toBe(false);
  });
});
