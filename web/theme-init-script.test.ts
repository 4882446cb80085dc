// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from './src/lib/theme';
import { ACCOUNT_THEME_ATTRIBUTE, THEME_INIT_SCRIPT } from './theme-init-script.ts';

describe('the inline theme script', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
    document.documentElement.removeAttribute(ACCOUNT_THEME_ATTRIBUTE);
  });

  it('reads the key the app stores the theme under', () => {
    expect(THEME_INIT_SCRIPT).toContain(`'${THEME_STORAGE_KEY}'`);
  });

  it('applies a stored dark theme and leaves the light default alone', () => {
    new Function(THEME_INIT_SCRIPT)();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    new Function(THEME_INIT_SCRIPT)();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it("leaves a page the server rendered in the person's own theme as it is", () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    document.documentElement.setAttribute(ACCOUNT_THEME_ATTRIBUTE, '');
    new Function(THEME_INIT_SCRIPT)();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
