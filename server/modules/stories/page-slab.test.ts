import { describe, expect, it } from 'vitest';
import { PageSlab } from './page-slab.ts';

describe('PageSlab', () => {
  it('hands out room of the length asked, never the same bytes twice, each from a multiple of 8', () => {
    const slab = new PageSlab();
    const pages = [17_000, 1, 0, 9, 40_000, 17_001, 70_000, 30_000, 30_000, 30_000].map((length, i) => {
      const page = slab.take(length);
      expect(page.length).toBe(length);
      expect(page.byteOffset % 8).toBe(0);
      page.fill(i);
      return page;
    });
    pages.forEach((page, i) => expect(page.every((byte) => byte === i)).toBe(true));
  });

  it('gives a page too large for a slab a buffer of its own', () => {
    const page = new PageSlab().take(200_000);
    expect(page.length).toBe(200_000);
    expect(page.buffer.byteLength).toBe(200_000);
  });
});
