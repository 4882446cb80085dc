/**
 * The app's icons for the web app manifest (web/public/manifest.webmanifest): the favicon's rising line on the brand
 * orange, drawn to PNG by scripts/build-web.ts. The maskable ones fill the whole square and keep the line inside
 * the central 80% that every launcher's mask leaves visible.
 */
const LINE = 'M7 22l6-7 4 4 8-9';
const ORANGE = '#f97316';

/** The favicon's drawing (rounded corners) on a 32-unit square. */
const plain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${ORANGE}"/><path d="${LINE}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** Full bleed, the line scaled to 60% around the centre: well inside the maskable safe zone (a circle of 80%). */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${ORANGE}"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)"><path d="${LINE}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

export const APP_ICONS = [
  { file: 'icons/icon-192.png', size: 192, svg: plain },
  { file: 'icons/icon-512.png', size: 512, svg: plain },
  { file: 'icons/icon-maskable-192.png', size: 192, svg: maskable },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: maskable },
] as const;
