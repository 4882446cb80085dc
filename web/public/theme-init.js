/* global document */
// Loaded as a blocking script in <head> so a stored dark theme applies before the first paint (no flash of
// the light theme). It is a file rather than inline because the Content-Security-Policy forbids inline scripts.
// The key is THEME_STORAGE_KEY in src/lib/theme.ts.
try {
  if (localStorage.getItem('hn-trends-theme') === 'dark') document.documentElement.classList.add('dark');
} catch {
  // Storage may be off; the light default applies.
}
