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
import { useAppRunning } from '@/lib/app-running';

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

const SYMBOL_ID_PREFIX = 'icon-';
const symbolId = (name: SpriteIconName) => `${SYMBOL_ID_PREFIX}${name}`;

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
 * page the server renders holds that markup as is instead of rendering every icon again; the page then keeps only
 * those it uses (withUnusedIconsLeftOut).
 */
let renderedSymbols: string | null = null;

export function keepRenderedSpriteSymbols(markup: string | null): void {
  renderedSymbols = markup;
}

/** The sprite's id: the app hydrating a page the server rendered takes the symbols the page came with from it. */
const SPRITE_ID = 'icons';

/** The symbols of the sprite of the page the app hydrates, as the server sent them, or null outside a browser. */
function sentSymbols(): string | null {
  return typeof document === 'undefined' ? null : (document.getElementById(SPRITE_ID)?.innerHTML ?? null);
}

/**
 * The symbols, once per page (the app's frame renders it). Kept in the layout's flow at no size, not hidden:
 * a `<use>` of a symbol inside `display: none` draws nothing in some browsers. Until the app runs, a page the
 * server rendered has the symbols its first screen uses, and hydrates with those; the app then adds the others.
 */
export function IconSprite() {
  const running = useAppRunning();
  const attributes = { id: SPRITE_ID, 'aria-hidden': true, focusable: 'false', width: '0', height: '0', className: 'absolute size-0 overflow-hidden' } as const;
  const symbols = running ? null : (renderedSymbols ?? sentSymbols());
  if (symbols !== null) return <svg {...attributes} dangerouslySetInnerHTML={{ __html: symbols }} />;
  return (
    <svg {...attributes}>
      <SpriteSymbols />
    </svg>
  );
}

const SYMBOL = new RegExp(`<symbol id="${SYMBOL_ID_PREFIX}([\\w-]+)"[^>]*>[\\s\\S]*?</symbol>`, 'g');
const ICON_USE = new RegExp(`<use href="#${SYMBOL_ID_PREFIX}([\\w-]+)"`, 'g');

/** How the sprite's element starts in a page's markup (its id is its first attribute). */
const SPRITE_START = `<svg id="${SPRITE_ID}"`;

/**
 * A page's markup with the sprite's symbols it draws no icon of left out: a signed-in home on a phone uses 11 of
 * the 15, and the other four are 325 compressed bytes of a first load that must fit a connection's first round trip.
 * Only the sprite (last in the app's frame) is searched for symbols: 0.1 ms a home instead of 0.7 for all of it.
 */
export function withUnusedIconsLeftOut(markup: string): string {
  const sprite = markup.lastIndexOf(SPRITE_START);
  if (sprite === -1) return markup;
  const used = new Set(Array.from(markup.matchAll(ICON_USE), (use) => use[1]));
  return markup.slice(0, sprite) + markup.slice(sprite).replace(SYMBOL, (symbol, name: string) => (used.has(name) ? symbol : ''));
}

/** One of the sprite's icons, decorative (the element around it carries the words). Sized by CSS, as lucide's are. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
