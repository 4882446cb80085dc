// @vitest-environment jsdom
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, expect, test } from 'vitest';
import { hydrateAsSent, serverRenderedInto } from '@/test/server-rendered';
import { IconSprite, keepRenderedSpriteSymbols, SpriteIcon, SpriteSymbols, withUnusedIconsLeftOut } from './sprite-icon';

afterEach(() => keepRenderedSpriteSymbols(null));

const symbolNames = (root: ParentNode) => Array.from(root.querySelectorAll('symbol'), (symbol) => symbol.id);

function Page() {
  return (
    <>
      <SpriteIcon name="menu" />
      <SpriteIcon name="sun" />
      <IconSprite />
    </>
  );
}

test('the sprite rendered from its kept markup is byte for byte the sprite rendered from its icons', () => {
  const fromIcons = renderToString(<IconSprite />);
  expect(fromIcons).toContain('<symbol id="icon-bell-ring" viewBox="0 0 24 24">');
  keepRenderedSpriteSymbols(renderToStaticMarkup(<SpriteSymbols />));
  expect(renderToString(<IconSprite />)).toBe(fromIcons);
});

test("a page's markup keeps the symbols of the icons it draws, and nothing else changes", () => {
  keepRenderedSpriteSymbols(renderToStaticMarkup(<SpriteSymbols />));
  const markup = renderToString(<Page />);
  const page = withUnusedIconsLeftOut(markup);
  const container = document.createElement('div');
  container.innerHTML = page;
  expect(symbolNames(container)).toEqual(['icon-menu', 'icon-sun']);
  expect(container.querySelectorAll('use')).toHaveLength(2);
  expect(page.length).toBeLessThan(markup.length);
  expect(markup.replace(/<symbol[\s\S]*?<\/symbol>/g, '')).toBe(page.replace(/<symbol[\s\S]*?<\/symbol>/g, ''));
  // A page drawing every icon keeps the sprite whole.
  expect(withUnusedIconsLeftOut(`${markup}<use href="#icon-x">`)).toContain('id="icon-x"');
});

test('a page hydrates with the symbols it came with, and the app then adds the others', async () => {
  keepRenderedSpriteSymbols(renderToStaticMarkup(<SpriteSymbols />));
  const container = serverRenderedInto(<Page />, withUnusedIconsLeftOut(renderToString(<Page />)));
  keepRenderedSpriteSymbols(null);
  const unmount = await hydrateAsSent(container, <Page />);
  const all = document.createElement('div');
  all.innerHTML = renderToStaticMarkup(<SpriteSymbols />);
  expect(symbolNames(container)).toEqual(symbolNames(all));
  expect(container.querySelectorAll('svg#icons')).toHaveLength(1);
  unmount();
});
