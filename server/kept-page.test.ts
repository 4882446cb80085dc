import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KeptPage } from './kept-page.ts';

/** A page whose renders are counted and numbered, on a clock the test moves. */
function keptPage(options: { fails?: (render: number) => boolean } = {}) {
  let now = 1_000;
  let renders = 0;
  const errors: unknown[] = [];
  const page = new KeptPage(
    async () => {
      renders++;
      if (options.fails?.(renders)) throw new Error(`render ${renders} failed`);
      return `<p>page ${renders}</p>`;
    },
    15_000,
    (error) => errors.push(error),
    () => now,
  );
  return {
    page,
    text: async () => (await page.current())?.body.toString() ?? null,
    renders: () => renders,
    errors,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('KeptPage', () => {
  it('renders once for every request while the page is fresh, with its compressed copies', async () => {
    const kept = keptPage();
    const [first, second] = await Promise.all([kept.page.current(), kept.page.current()]);
    expect(first).toBe(second);
    expect(first!.body.toString()).toBe('<p>page 1</p>');
    expect(brotliDecompressSync(first!.compressed.br!).toString()).toBe('<p>page 1</p>');
    expect(gunzipSync(first!.compressed.gzip!).toString()).toBe('<p>page 1</p>');
    kept.advance(14_999);
    expect(await kept.text()).toBe('<p>page 1</p>');
    expect(kept.renders()).toBe(1);
  });

  it('once old, still sends the last page while it renders the next', async () => {
    const kept = keptPage();
    await kept.page.current();
    kept.advance(15_000);
    expect(await kept.text()).toBe('<p>page 1</p>');
    expect(kept.renders()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await kept.text()).toBe('<p>page 2</p>');
    expect(kept.renders()).toBe(2);
  });

  it('keeps the last page when a render fails, and tries again once that one is old', async () => {
    const kept = keptPage({ fails: (render) => render === 2 });
    await kept.page.current();
    kept.advance(15_000);
    await kept.page.current();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await kept.text()).toBe('<p>page 1</p>');
    expect(kept.errors).toHaveLength(1);
    expect(kept.renders()).toBe(2);
    kept.advance(15_000);
    await kept.page.current();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await kept.text()).toBe('<p>page 3</p>');
  });

  it('has no page to send while none could be rendered', async () => {
    const kept = keptPage({ fails: () => true });
    expect(await kept.page.current()).toBeNull();
    expect(kept.errors).toHaveLength(1);
    expect(await kept.page.current()).toBeNull();
    expect(kept.renders()).toBe(1);
  });
});
