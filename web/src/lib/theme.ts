import { useSyncExternalStore } from 'react';

/** Theme of spec part 2 §2.8: 'light' (default) or 'dark', kept in local storage under a product key. */
export type Theme = 'light' | 'dark';

/** Also read by the inline script of web/theme-init-script.ts, which applies the stored theme before the first paint. */
export const THEME_STORAGE_KEY = 'hn-trends-theme';

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be off (private mode); the theme still applies to this page.
  }
}

/** The theme on the page now. */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Whether the page shows this theme and this browser has it stored (so the next page load starts in it). */
export function themeIsSettled(theme: Theme): boolean {
  if (currentTheme() !== theme) return false;
  try {
    return (localStorage.getItem(THEME_STORAGE_KEY) ?? 'light') === theme;
  } catch {
    return true;
  }
}

const listeners = new Set<() => void>();

/** Applies and stores a theme, and tells every component using useTheme. */
export function setTheme(theme: Theme): void {
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** The current theme and its setter, shared by every caller. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore<Theme>(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentTheme,
    // The prerendered landing page is rendered without a document, in the default theme; hydration then
    // moves to the theme the inline theme script applied.
    () => 'light',
  );
  return [theme, setTheme];
}
