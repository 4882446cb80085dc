import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, expect, test } from 'vitest';
import { IconSprite, keepRenderedSpriteSymbols, SpriteSymbols } from './sprite-icon';

afterEach(() => keepRenderedSpriteSymbols(null));

test('the sprite rendered from its kept markup is byte for byte the sprite rendered from its icons', () => {
  const fromIcons = renderToString(<IconSprite />);
  expect(fromIcons).toContain('<symbol id="icon-bell-ring" viewBox="0 0 24 24">');
  keepRenderedSpriteSymbols(renderToStaticMarkup(<SpriteSymbols />));
  expect(renderToString(<IconSprite />)).toBe(fromIcons);
});
