/**
 * A page the server rendered carries only the stylesheet's rules its own markup uses (server/critical-stylesheet.ts),
 * with the full stylesheet's link disabled, so nothing but the HTML stands between it and its first paint. The app
 * enables the full stylesheet as it starts, and draws nothing before it has loaded: menus, dialogs and toasts use
 * rules the page's first markup did not.
 */
let loaded: Promise<void> | null = null;

/** Enables the full stylesheet (once) and settles when it applies, or at once on a page that has it already. */
export function applyFullStylesheet(): Promise<void> {
  loaded ??= new Promise<void>((resolve) => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
    if (!link) return resolve();
    // Settles on an error too: the app is still usable with the page's own rules.
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    link.disabled = false;
  });
  return loaded;
}
