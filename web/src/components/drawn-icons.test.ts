import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DRAWN_ICONS, DRAWN_ICONS_CSS_FILE, DRAWN_ICONS_PROPERTY, drawnIconSheet, drawnIconsStylesheet, type DrawnIcon } from './drawn-icons';

const root = path.resolve(import.meta.dirname, '../../..');
const names = Object.keys(DRAWN_ICONS) as DrawnIcon[];

/** The SVG of a sheet (a CSS `url("data:…")`), and its cells by their left edge, in SVG units. */
function readSheet(image: string): { svg: string; cells: Map<number, string> } {
  const data = /^url\("data:image\/svg\+xml,([^"]*)"\)$/.exec(image);
  expect(data, image.slice(0, 80)).not.toBeNull();
  const svg = decodeURIComponent(data![1]!);
  const cells = new Map([...svg.matchAll(/<g transform='translate\((\d+)\)'([^>]*)>(.*?)<\/g>/g)].map(([, x, attributes, drawing]) => [Number(x), `${attributes}>${drawing}`]));
  return { svg, cells };
}

/** An icon's drawing as lucide renders it, in the quotes the data URL uses. */
const drawingOf = (name: DrawnIcon) => {
  const svg = renderToStaticMarkup(DRAWN_ICONS[name]).replaceAll('"', "'");
  return svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
};

describe('the stylesheet of drawn icons', () => {
  const stylesheet = drawnIconsStylesheet();
  const placeOf = (name: string) => Number(new RegExp(`\\[data-icon='${name}'\\] \\{\\n  --drawn-icon-at: (\\d+);\\n\\}`).exec(stylesheet)?.[1]);
  const sheetRule = new RegExp(`\\[data-icon\\] \\{\\n  ${DRAWN_ICONS_PROPERTY}: (url\\("[^"]*"\\));\\n  --drawn-icons-across: (\\d+);\\n\\}`).exec(stylesheet);

  it('is what `npm run icons` writes from the icons today (run it after changing one)', () => {
    expect(readFileSync(path.join(root, DRAWN_ICONS_CSS_FILE), 'utf8')).toBe(stylesheet);
  });

  it('holds one sheet of every icon, each at the place its rule names, as lucide draws it', () => {
    expect(sheetRule).not.toBeNull();
    const { svg, cells } = readSheet(sheetRule![1]!);
    const across = Number(sheetRule![2]);
    expect(svg).toMatch(new RegExp(`^<svg xmlns='http://www.w3.org/2000/svg' width='${across * 24}' height='24'[^>]*>.*</svg>$`));
    expect(svg).not.toContain('class=');
    expect(cells.size).toBe(names.length);
    const places = names.map(placeOf);
    // Each icon in a cell of its own, two icon widths apart, so a scaled icon never shows its neighbour's edge.
    expect(new Set(places).size).toBe(names.length);
    for (const place of places) expect(Math.min(...places.filter((other) => other !== place).map((other) => Math.abs(other - place)))).toBeGreaterThanOrEqual(2);
    expect(Math.max(...places)).toBeLessThan(across);
    for (const name of names) expect(cells.get(placeOf(name) * 24), name).toMatch(new RegExp(`>${drawingOf(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    // The watching eye keeps its tint: filled at a fifth of the stroke's opacity; the others are strokes alone.
    expect(cells.get(placeOf('eye-filled') * 24)).toMatch(/^ fill='currentColor' fill-opacity='0.2'>/);
    expect(svg).toMatch(/^<svg [^>]* fill='none' stroke='currentColor'/);
    expect(cells.get(placeOf('bookmark') * 24)).toMatch(/^>/);
  });

  it("a page's sheet holds the icons it names at their places in the whole sheet, and no other", () => {
    const whole = readSheet(sheetRule![1]!);
    const page = readSheet(drawnIconSheet(['flame', 'zap', 'no-such-icon']));
    expect([...page.cells.keys()].sort((a, b) => a - b)).toEqual([placeOf('flame') * 24, placeOf('zap') * 24].sort((a, b) => a - b));
    for (const [x, cell] of page.cells) expect(cell).toBe(whole.cells.get(x));
    // The same size, so the stylesheet's places and scale read it the same.
    expect(page.svg.slice(0, page.svg.indexOf('>'))).toBe(whole.svg.slice(0, whole.svg.indexOf('>')));
    expect(readSheet(drawnIconSheet([])).cells.size).toBe(0);
  });
});
