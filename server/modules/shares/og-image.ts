import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { formatCount } from '#common/rules/plural.ts';

/** The preview card of a share link (Open Graph and Twitter): 1200x630 PNG. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Titles longer than this are cut at a word before layout; the layout then clamps to TITLE_LINES lines. */
const TITLE_MAX_CHARS = 110;
const TITLE_LINES = 3;

export interface CardInput {
  title: string;
  domain: string;
  score: number;
  comments: number;
  /** Made up by the demo's replay (docs/hn-replay.md): the card says so before its facts. */
  synthetic: boolean;
}

type Font = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };

/**
 * Noto Sans in every subset @fontsource ships as WOFF (satori reads WOFF, not WOFF2): Latin, Latin Extended,
 * Cyrillic, Greek, Vietnamese and Devanagari, so those scripts render. No CJK font is installed, so Chinese,
 * Japanese and Korean characters are left out of the card.
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese', 'devanagari'];

/** Every subset by name: satori takes a glyph a font lacks from the next family in the list. */
const FONT_FAMILY = SUBSETS.map((subset) => (subset === 'latin' ? 'Noto Sans' : `Noto Sans ${subset}`)).join(', ');

let fonts: Font[] | null = null;
function loadFonts(): Font[] {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');
  const loaded: Font[] = [];
  for (const weight of [400, 700] as const) {
    for (const subset of SUBSETS) {
      try {
        loaded.push({ name: subset === 'latin' ? 'Noto Sans' : `Noto Sans ${subset}`, data: readFileSync(path.join(dir, `noto-sans-${subset}-${weight}-normal.woff`)), weight, style: 'normal' });
      } catch {
        // A subset the installed package does not ship is simply not used.
      }
    }
  }
  fonts = loaded;
  return fonts;
}

/** Cuts a long title at the last word boundary before `max` characters (code points) and adds an ellipsis. */
export function shortenTitle(title: string, max = TITLE_MAX_CHARS): string {
  const points = Array.from(title.replace(/\s+/g, ' ').trim());
  if (points.length <= max) return points.join('');
  const cut = points.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/u, '')}…`;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[] } };
const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({ type, props: { style, children } });

function cardTree(input: CardInput): Node {
  const title = shortenTitle(input.title) || 'A story on Hacker News';
  const titleSize = title.length > 60 ? 54 : 64;
  const facts = [input.synthetic ? 'Demo: made up, not from Hacker News' : '', input.domain, formatCount(input.score, 'point'), formatCount(input.comments, 'comment')].filter(Boolean);
  return el(
    'div',
    { width: CARD_WIDTH, height: CARD_HEIGHT, display: 'flex', flexDirection: 'column', backgroundColor: '#0f172a', color: '#f8fafc', fontFamily: FONT_FAMILY },
    [el('div', { display: 'flex', width: CARD_WIDTH, height: 12, backgroundColor: '#f97316' }), el(
    'div',
    { display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'space-between', padding: '56px 72px 60px' },
    [
      el('div', { display: 'flex', alignItems: 'center' }, [
        el('div', { display: 'flex', alignItems: 'center', justifyContent: 'center', width: 64, height: 64, borderRadius: 14, backgroundColor: '#f97316', color: '#ffffff', fontSize: 30, fontWeight: 700 }, 'HN'),
        el('div', { display: 'flex', marginLeft: 20, fontSize: 34, fontWeight: 700, color: '#f8fafc' }, 'HN Trends'),
      ]),
      el('div', { display: 'block', width: CARD_WIDTH - 144, fontSize: titleSize, fontWeight: 700, lineHeight: 1.2, lineClamp: TITLE_LINES, overflow: 'hidden', maxHeight: titleSize * 1.2 * TITLE_LINES + 4 }, title),
      el(
        'div',
        { display: 'flex', fontSize: 30, color: '#cbd5e1' },
        facts.flatMap((fact, index) => [
          ...(index > 0 ? [el('div', { display: 'flex', margin: '0 18px', color: '#f97316' }, '•')] : []),
          el('div', { display: 'flex' }, fact),
        ]),
      ),
    ],
  )],
  );
}

/** The card as SVG (text as paths), then as PNG. */
export async function renderCardSvg(input: CardInput): Promise<string> {
  return satori(cardTree(input) as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: loadFonts() });
}

export async function renderCard(input: CardInput): Promise<Buffer> {
  const svg = await renderCardSvg(input);
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
}

/** The ETag of a card: a digest of everything drawn on it, so it changes exactly when the picture does. */
export function cardEtag(input: CardInput): string {
  const digest = createHash('sha256').update(JSON.stringify([1, input.title, input.domain, input.score, input.comments, input.synthetic])).digest('base64url');
  return `"${digest.slice(0, 27)}"`;
}

/**
 * Rendered cards in memory, by ETag: rendered on the first request and answered from memory after that (a render
 * costs tens of milliseconds). Concurrent first requests share one render. Oldest entries leave beyond `max`.
 */
export class CardCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  constructor(private readonly max = 500) {}

  get(etag: string, input: CardInput): Promise<Buffer> {
    const cached = this.entries.get(etag);
    if (cached) return cached;
    const rendering = renderCard(input);
    this.entries.set(etag, rendering);
    rendering.catch(() => this.entries.delete(etag));
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return rendering;
  }
}
