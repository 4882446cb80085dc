import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRAWN_ICONS, DRAWN_ICONS_CSS_FILE, drawnIconsStylesheet } from './drawn-icons';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the stylesheet of drawn icons', () => {
  it('is what `npm run icons` writes from the icons today (run it after changing one)', () => {
    expect(readFileSync(path.join(root, DRAWN_ICONS_CSS_FILE), 'utf8')).toBe(drawnIconsStylesheet());
  });

  it('has a rule for every icon, each a data URL of its SVG with nothing left that would end the URL early', () => {
    const stylesheet = drawnIconsStylesheet();
    for (const name of Object.keys(DRAWN_ICONS)) {
      const rule = new RegExp(`\\[data-icon='${name}'\\] \\{\\n  --drawn-icon: url\\("data:image/svg\\+xml,([^"]*)"\\);\\n\\}`).exec(stylesheet);
      expect(rule, name).not.toBeNull();
      const svg = decodeURIComponent(rule![1]!);
      expect(svg).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'[^>]* viewBox='0 0 24 24'.*<\/svg>$/);
      expect(svg).not.toContain('class=');
    }
    // The watching eye keeps its tint: filled at a fifth of the stroke's opacity.
    expect(decodeURIComponent(stylesheet)).toMatch(/\[data-icon='eye-filled'\][^}]*fill='currentColor'[^}]*fill-opacity='0.2'/);
  });
});
