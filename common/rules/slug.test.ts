import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, titleSlug } from './slug.ts';

const codePoints = (text: string): number => Array.from(text).length;

describe('titleSlug (part 1 §2)', () => {
  it.each<[string, string, string]>([
    ['punctuation, double spaces and a hyphen run', 'Show HN: My  new -- tool!', 'show-hn-my-new-tool'],
    ['digits and existing hyphens', 'GPT-4 vs. Llama 3: 2024 benchmarks', 'gpt-4-vs-llama-3-2024-benchmarks'],
    ['no trimming: leading and trailing spaces become hyphens', ' Hello world ', '-hello-world-'],
    ['only whitespace', '   ', '-'],
    ['only punctuation', '!!! ???', '-'],
    ['nothing left', '?!', ''],
    ['empty title', '', ''],
    ['tabs and newlines count as spaces', 'a\tb\nc', 'a-b-c'],
    ['apostrophes and slashes are stripped, not hyphenated', "Don't use /tmp", 'dont-use-tmp'],
    ['underscores are stripped', 'snake_case', 'snakecase'],
    ['Unicode letters are kept', 'Привет, Мир', 'привет-мир'],
    ['scripts without case are kept', '日本語のタイトル 2024', '日本語のタイトル-2024'],
    ['accented letters are kept', 'Café – Über', 'café-über'],
    ['emoji are stripped', '🚀 Launch', '-launch'],
  ])('%s', (_, title, expected) => {
    expect(titleSlug(title)).toBe(expected);
  });

  it('cuts a 100-character title to 60 characters', () => {
    const title = 'A'.repeat(100);
    expect(title).toHaveLength(100);
    expect(titleSlug(title)).toBe('a'.repeat(60));
  });

  it('keeps a 60-character slug whole and cuts a 61-character one', () => {
    expect(SLUG_MAX_LENGTH).toBe(60);
    expect(titleSlug('b'.repeat(60))).toBe('b'.repeat(60));
    expect(titleSlug('b'.repeat(61))).toBe('b'.repeat(60));
  });

  it('cuts after collapsing, so stripped characters and repeated spaces do not use up the length', () => {
    const title = `${'x'.repeat(30)} !!  -- ${'y'.repeat(40)}`;
    expect(titleSlug(title)).toBe(`${'x'.repeat(30)}-${'y'.repeat(29)}`);
  });

  it('keeps a hyphen left at the cut, following the spec order', () => {
    expect(titleSlug(`${'a'.repeat(59)} b`)).toBe(`${'a'.repeat(59)}-`);
  });

  it('cuts by code points, never splitting a surrogate pair', () => {
    const deseret = '\u{10428}'; // DESERET SMALL LETTER LONG I, a letter outside the BMP
    const slug = titleSlug(deseret.repeat(70));
    expect(slug).toBe(deseret.repeat(60));
    expect(() => encodeURIComponent(slug)).not.toThrow();
  });
});

const anyTitle = fc.oneof(fc.string({ unit: 'binary', maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 120 }));

describe('titleSlug properties', () => {
  it('yields only lowercase letters, digits and single hyphens, at most 60 characters', () => {
    fc.assert(
      fc.property(anyTitle, (title) => {
        const slug = titleSlug(title);
        expect(slug).toMatch(/^[\p{L}\p{N}-]*$/u);
        expect(slug).not.toContain('--');
        expect(slug.toLowerCase()).toBe(slug);
        expect(codePoints(slug)).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
        expect(() => encodeURIComponent(slug)).not.toThrow();
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyTitle, (title) => {
        expect(titleSlug(titleSlug(title))).toBe(titleSlug(title));
      }),
    );
  });

  it('only lowercases and hyphenates a short title of words separated by single spaces', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (words) => {
        expect(titleSlug(words.join(' '))).toBe(words.join('-').toLowerCase());
      }),
    );
  });
});
