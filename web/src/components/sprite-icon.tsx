import {
  BellRing,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Coffee,
  Keyboard,
  Menu,
  Moon,
  RefreshCw,
  SlidersHorizontal,
  Sun,
  TrendingUp,
  X,
} from 'lucide-react';
import type { ReactElement } from 'react';

/**
 * The icons of the app's frame (the navigation, the filters, the pagination, the footer) and the keyword alert
 * badge: the page holds each one once, as a symbol of `IconSprite`, drawn with a `<use>`: two elements an icon
 * instead of a whole SVG, and no render of the icon itself on the server, which holds the symbols' markup rendered
 * once. A story card's own icons (actions, heat badge, rocket) are drawn by the stylesheet, with no element at all
 * (drawn-icons.ts).
 */
const SPRITE_ICONS = {
  'bell-ring': <BellRing />,
  'chevron-down': <ChevronDown />,
  'chevron-left': <ChevronLeft />,
  'chevron-right': <ChevronRight />,
  'chevrons-left': <ChevronsLeft />,
  'chevrons-right': <ChevronsRight />,
  coffee: <Coffee />,
  keyboard: <Keyboard />,
  menu: <Menu />,
  moon: <Moon />,
  'refresh-cw': <RefreshCw />,
  'sliders-horizontal': <SlidersHorizontal />,
  sun: <Sun />,
  'trending-up': <TrendingUp />,
  x: <X />,
} as const satisfies Record<string, ReactElement>;

export type SpriteIconName = keyof typeof SPRITE_ICONS;

const symbolId = (name: SpriteIconName) => `icon-${name}`;

/** The sprite's symbols. */
export function SpriteSymbols() {
  return Object.entries(SPRITE_ICONS).map(([name, icon]) => (
    <symbol key={name} id={symbolId(name as SpriteIconName)} viewBox="0 0 24 24">
      {icon}
    </symbol>
  ));
}

/**
 * The symbols as markup, where the server has rendered them once (prerender.tsx): the same on every page, so each
 * page the server renders holds that markup as is instead of rendering every icon again. The browser renders
 * the symbols themselves, which match that markup when it hydrates a page.
 */
let renderedSymbols: string | null = null;

export function keepRenderedSpriteSymbols(markup: string | null): void {
  renderedSymbols = markup;
}

/** The symbols, once per page (the app's frame renders it). Kept in the layout's flow at no size, not hidden:
 * a `<use>` of a symbol inside `display: none` draws nothing in some browsers. */
export function IconSprite() {
  const attributes = { 'aria-hidden': true, focusable: 'false', width: '0', height: '0', className: 'absolute size-0 overflow-hidden' } as const;
  if (renderedSymbols !== null) return <svg {...attributes} dangerouslySetInnerHTML={{ __html: renderedSymbols }} />;
  return (
    <svg {...attributes}>
      <SpriteSymbols />
    </svg>
  );
}

/** One of the sprite's icons, decorative (the element around it carries the words). Sized by CSS, as lucide's are. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
