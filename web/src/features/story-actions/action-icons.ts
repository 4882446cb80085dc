import { Bookmark, BookmarkCheck, Eye, Flag, NotebookPen, Share2 } from 'lucide-react';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The story actions' icons. A page has five action buttons on each of its 25 cards: drawn by the button's own
 * `::before` (index.css, `.story-action`), masked with one of these, each button is one element instead of three
 * (the button, an `<svg>` and its `<use>`), which is 250 elements fewer on every story list.
 */
export const ACTION_ICONS = {
  bookmark: createElement(Bookmark),
  'bookmark-check': createElement(BookmarkCheck),
  eye: createElement(Eye),
  // Watching: the open eye filled with a tint of its colour.
  'eye-filled': createElement(Eye, { fill: 'currentColor', fillOpacity: 0.2 }),
  'notebook-pen': createElement(NotebookPen),
  flag: createElement(Flag),
  share: createElement(Share2),
} as const satisfies Record<string, ReactElement>;

export type ActionIcon = keyof typeof ACTION_ICONS;

/** The file the stylesheet imports, written by `npm run icons` (scripts/action-icons.ts). */
export const ACTION_ICONS_CSS_FILE = 'web/src/features/story-actions/action-icons.css';

/**
 * The stylesheet of the icons: each as a data URL in a custom property, chosen by the button's `data-icon`. The
 * SVG's colour is only its mask's opacity (the button paints the icon in its own text colour), so lucide's
 * markup serves as it is.
 */
export function actionIconsStylesheet(): string {
  const rules = Object.entries(ACTION_ICONS).map(([name, icon]) => {
    const svg = renderToStaticMarkup(icon).replace(/ class="[^"]*"| aria-hidden="true"/g, '');
    return `.story-action[data-icon='${name}'] {\n  --action-icon: url("data:image/svg+xml,${dataUrlText(svg)}");\n}\n`;
  });
  return `/* Written by \`npm run icons\` (scripts/action-icons.ts) from lucide-react's icons: do not edit by hand. */\n${rules.join('')}`;
}

/** SVG markup as the text of a double-quoted data URL: its quotes made single, and only what a URL reads otherwise escaped. */
function dataUrlText(svg: string): string {
  return svg.replaceAll('"', "'").replace(/[%#<>]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}
