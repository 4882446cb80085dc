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
 * icon itself, as its `::before` (index.css, `[data-icon]`), a square in its text colour masked by one of these:
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

/**
 * The stylesheet of the icons: each as a data URL in a custom property, chosen by the element's `data-icon`. The
 * SVG's colour is only its mask's opacity (the element paints the icon in its own text colour), so lucide's
 * markup serves as it is.
 */
export function drawnIconsStylesheet(): string {
  const rules = Object.entries(DRAWN_ICONS).map(([name, icon]) => {
    const svg = renderToStaticMarkup(icon).replace(/ class="[^"]*"| aria-hidden="true"/g, '');
    return `[data-icon='${name}'] {\n  --drawn-icon: url("data:image/svg+xml,${svgDataUrlText(svg)}");\n}\n`;
  });
  return `/* Written by \`npm run icons\` (scripts/drawn-icons.ts) from lucide-react's icons: do not edit by hand. */\n${rules.join('')}`;
}

