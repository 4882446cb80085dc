import { createHash } from 'node:crypto';

/**
 * Set on <html> of a page the server rendered in the person's own theme (the signed-in home, from their darkMode
 * preference): that page is already right, and this browser's stored theme (perhaps older than a change made on
 * another device) must not override it.
 */
export const ACCOUNT_THEME_ATTRIBUTE = 'data-account-theme';

/**
 * Applies a stored dark theme before the first paint (no flash of the light theme), unless the server rendered
 * the page in the person's theme. It is inlined in the
 * <head> of every page (web/vite.config.ts), so the first paint waits for no extra request; the server's
 * Content-Security-Policy allows exactly this script by its hash (THEME_INIT_SCRIPT_HASH) and no other inline
 * script. The key is THEME_STORAGE_KEY of src/lib/theme.ts (a test checks they agree).
 */
export const THEME_INIT_SCRIPT = `try{var h=document.documentElement;if(!h.hasAttribute('${ACCOUNT_THEME_ATTRIBUTE}')&&localStorage.getItem('hn-trends-theme')==='dark')h.classList.add('dark')}catch(e){}`;

/** The CSP source that allows the script: 'sha256-…' of its exact text. */
export const THEME_INIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;
