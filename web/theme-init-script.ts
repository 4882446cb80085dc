import { createHash } from 'node:crypto';

/**
 * Applies a stored dark theme before the first paint (no flash of the light theme). It is inlined in the
 * <head> of every page (web/vite.config.ts), so the first paint waits for no extra request; the server's
 * Content-Security-Policy allows exactly this script by its hash (THEME_INIT_SCRIPT_HASH) and no other inline
 * script. The key is THEME_STORAGE_KEY of src/lib/theme.ts (a test checks they agree).
 */
export const THEME_INIT_SCRIPT =
  "try{if(localStorage.getItem('hn-trends-theme')==='dark')document.documentElement.classList.add('dark')}catch(e){}";

/** The CSP source that allows the script: 'sha256-…' of its exact text. */
export const THEME_INIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;
