// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { setTheme, THEME_STORAGE_KEY, themeIsSettled } from './theme';

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

describe('themeIsSettled', () => {
  it('holds only when the page shows the theme and the browser has it stored', () => {
    expect(themeIsSettled('light')).toBe(true); // light is the default, stored or not
    expect(themeIsSettled('dark')).toBe(false);

    // The server started the page dark from the person's preference; this browser has nothing stored yet.
    document.documentElement.classList.add('dark');
    expect(themeIsSettled('dark')).toBe(false);

    setTheme('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(themeIsSettled('dark')).toBe(true);
    expect(themeIsSettled('light')).toBe(false);
  });
});
