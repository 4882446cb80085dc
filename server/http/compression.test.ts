import { constants as zlibConstants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LARGE_STORY_PAGE_BYTES, RENDERED_PAGE_BROTLI_OPTIONS, storyPageBrotliOptions } from './compression.ts';

const quality = (bytes: number) => storyPageBrotliOptions(bytes).params?.[zlibConstants.BROTLI_PARAM_QUALITY];

describe("a story page's brotli quality", () => {
  it("is the rendered pages' below a long history's size, one less from it", () => {
    expect(storyPageBrotliOptions(LARGE_STORY_PAGE_BYTES - 1)).toBe(RENDERED_PAGE_BROTLI_OPTIONS);
    expect(quality(LARGE_STORY_PAGE_BYTES - 1)).toBe(5);
    expect(quality(LARGE_STORY_PAGE_BYTES)).toBe(4);
    expect(quality(10 * LARGE_STORY_PAGE_BYTES)).toBe(4);
  });
});
