import {
  ArrowLeft,
  ArrowUpRight,
  Bookmark,
  BookmarkCheck,
  ChartColumn,
  Ellipsis,
  ExternalLink,
  Eye,
  EyeOff,
  Flag,
  Flame,
  History,
  LogIn,
  MessageSquare,
  NotebookPen,
  Rocket,
  Share2,
  Sparkles,
  Tag,
  Triangle,
  TrendingUp,
  Zap,
} from 'lucide-react';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { svgDataUrlText } from '../lib/svg-data-url.ts';

/**
 * The icons a story card draws: its five actions, its heat badge, the rising rocket, and the score's and comments'
 * marks that stand for their words on a phone's compact row. A card's element draws its
 * icon itself, as its `::before` (index.css, `[data-icon]`), a square in its text colour masked by its cell of a
 * sheet of these (drawnIconSheet):
 * a button is one element instead of three (the button, an `<svg>` and its `<use>`), a badge one instead of three,
 * which on a page of 25 cards is about 300 elements fewer. The story page's icons and the visitor's Sign In are
 * drawn so too: the server renders that page for everyone who opens a story, and its SVG icons were about a tenth
 * of that render (docs/performance.md, "The story page"). The app's frame draws its icons from the sprite
 * (sprite-icon.tsx).
 */
export const DRAWN_ICONS = {
  bookmark: createElement(Bookmark),
  'bookmark-check': createElement(BookmarkCheck),
  eye: createElement(Eye),
  // Watching: the open eye filled with a tint of its colour.
  'eye-filled': createElement(Eye, { fill: 'currentColor', fillOpacity: 0.2 }),
  'notebook-pen': createElement(NotebookPen),
  flag: createElement(Flag),
  share: createElement(Share2),
  // Hide this story (muting), and the menu of more muting (its domain, its author).
  'eye-off': createElement(EyeOff),
  ellipsis: createElement(Ellipsis),
  flame: createElement(Flame),
  zap: createElement(Zap),
  'arrow-up-right': createElement(ArrowUpRight),
  'trending-up': createElement(TrendingUp),
  rocket: createElement(Rocket),
  // Points, as Hacker News's upvote arrow: filled, so it reads at the size of small text.
  triangle: createElement(Triangle, { fill: 'currentColor' }),
  'message-square': createElement(MessageSquare),
  // The story page's links, buttons and section headings, and the visitor's Sign In.
  'arrow-left': createElement(ArrowLeft),
  'external-link': createElement(ExternalLink),
  'chart-column': createElement(ChartColumn),
  history: createElement(History),
  sparkles: createElement(Sparkles),
  tag: createElement(Tag),
  'log-in': createElement(LogIn),
} as const satisfies Record<string, ReactElement>;

export type DrawnIcon = keyof typeof DRAWN_ICONS;

/** The file the stylesheet imports, written by `npm run icons` (scripts/drawn-icons.ts). */
export const DRAWN_ICONS_CSS_FILE = 'web/src/components/drawn-icons.css';

/** Every icon's place in the sheet, in the order of DRAWN_ICONS. */
const SHEET_ORDER = Object.keys(DRAWN_ICONS) as DrawnIcon[];

/** Lucide draws in a square of 24 units. */
const ICON_UNITS = 24;

/**
 * How many icon widths apart the sheet sets its icons: each in a cell twice its width, so that a scaled icon's
 * edge never shows a sliver of its neighbour.
 */
const CELL_WIDTHS = 2;

/** The custom property holding the sheet of icons, whose value a page rendered by the server gets its own of. */
export const DRAWN_ICONS_PROPERTY = '--drawn-icons';

/** An icon's `<svg>` attributes (lucide writes double quotes), but those the sheet sets itself or needs not. */
function iconAttributes(svg: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const tag = svg.slice(0, svg.indexOf('>'));
  for (const [, name, value] of tag.matchAll(/ ([\w:-]+)="([^"]*)"/g)) {
    if (!['xmlns', 'width', 'height', 'viewBox', 'class', 'aria-hidden'].includes(name!)) attributes.set(name!, value!);
  }
  return attributes;
}

/** Each icon's attributes and drawing (what its `<svg>` holds), from lucide's markup. */
const ICON_PARTS = new Map(
  SHEET_ORDER.map((name) => {
    const svg = renderToStaticMarkup(DRAWN_ICONS[name]);
    return [name, { attributes: iconAttributes(svg), drawing: svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>')) }] as const;
  }),
);

/**
 * The attributes the sheet sets once: each one every icon has, at the value most of them have (lucide's stroke, line
 * ends, no fill); an icon's cell repeats only what differs.
 */
const SHARED_ATTRIBUTES = new Map<string, string>();
for (const name of [...ICON_PARTS.values()][0]!.attributes.keys()) {
  const values = [...ICON_PARTS.values()].map((part) => part.attributes.get(name));
  if (values.includes(undefined)) continue;
  const counted = (value: string | undefined) => values.filter((other) => other === value).length;
  SHARED_ATTRIBUTES.set(name, values.reduce((most, value) => (counted(value) > counted(most) ? value : most))!);
}

/**
 * The sheet of icons as a CSS image: one SVG that holds the `names` given (all by default), each in its own cell,
 * the others' cells left empty, so an icon's place is the same in every sheet. One image rather than one for each
 * icon: the browser makes a document for every SVG image it draws, a few milliseconds of a phone's main thread
 * each, and a story page drew twelve (docs/performance.md, "Web").
 */
export function drawnIconSheet(names: Iterable<string> = SHEET_ORDER): string {
  const wanted = new Set(names);
  const shared = [...SHARED_ATTRIBUTES].map(([name, value]) => ` ${name}="${value}"`).join('');
  let cells = '';
  SHEET_ORDER.forEach((name, index) => {
    if (!wanted.has(name)) return;
    const { attributes, drawing } = ICON_PARTS.get(name)!;
    const own = [...attributes].filter(([attribute, value]) => SHARED_ATTRIBUTES.get(attribute) !== value).map(([attribute, value]) => ` ${attribute}="${value}"`).join('');
    cells += `<g transform="translate(${index * CELL_WIDTHS * ICON_UNITS})"${own}>${drawing}</g>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHEET_ORDER.length * CELL_WIDTHS * ICON_UNITS}" height="${ICON_UNITS}"${shared}>${cells}</svg>`;
  return `url("data:image/svg+xml,${svgDataUrlText(svg)}")`;
}

/**
 * The stylesheet of the icons: the sheet, its width in icon widths (`--drawn-icons-across`), and each icon's place
 * in it (`--drawn-icon-at`, in icon widths from its left), chosen by the element's `data-icon`. The SVG's colour is
 * only its mask's opacity (the element paints the icon in its own text colour), so lucide's markup serves as it is.
 */
export function drawnIconsStylesheet(): string {
  const places = SHEET_ORDER.map((name, index) => `[data-icon='${name}'] {\n  --drawn-icon-at: ${index * CELL_WIDTHS};\n}\n`);
  const sheet = `[data-icon] {\n  ${DRAWN_ICONS_PROPERTY}: ${drawnIconSheet()};\n  --drawn-icons-across: ${SHEET_ORDER.length * CELL_WIDTHS};\n}\n`;
  return `/* Written by \`npm run icons\` (scripts/drawn-icons.ts) from lucide-react's icons: do not edit by hand. */\n${sheet}${places.join('')}`;
}
