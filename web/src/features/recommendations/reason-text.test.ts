import { describe, expect, it } from 'vitest';
import { reasonText } from './reason-text';

const base = { storyId: 7, storyTitle: 'Rust in production', keyword: null } as const;

describe('reasonText', () => {
  it.each([
    [{ ...base, source: 'bookmark', match: 'word', value: 'rust' }, 'Because you bookmarked “Rust in production” (both mention “rust”)'],
    [{ ...base, source: 'watch', match: 'domain', value: 'github.com' }, 'Because you watch “Rust in production” (same site: github.com)'],
    [{ ...base, source: 'note', match: 'author', value: 'pg' }, 'Because you wrote a note on “Rust in production” (same author: pg)'],
    [{ source: 'alert', match: 'word', value: 'webassembly', storyId: null, storyTitle: null, keyword: 'WebAssembly' }, 'Because of your keyword alert “WebAssembly”'],
  ] as const)('%j', (reason, expected) => {
    expect(reasonText(reason)).toBe(expected);
  });
});
