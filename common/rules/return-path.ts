/** Stands in for this site's origin while a return path is resolved; only paths that stay on it are kept. */
const SAME_SITE = 'http://same-site.invalid';

/**
 * The place to go back to after signing in, if it is a path on this site; otherwise '/'.
 *
 * Browsers remove tabs and newlines from URLs and read '\' as '/', so `/\t/evil.example` or `/\evil.example`
 * would become `//evil.example` (another site). Such paths are refused outright. Dot segments are resolved
 * before the check (`/.//evil.example` resolves to `//evil.example`), and the path kept is the resolved one,
 * so the browser is sent exactly where the check looked.
 */
export function safeReturnPath(value: string | null | undefined): string {
  // Control characters (tab, newline, NUL...) and backslashes have no place in a path we hand out.
  // eslint-disable-next-line no-control-regex
  if (!value || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  let resolved: URL;
  try {
    resolved = new URL(value, SAME_SITE);
  } catch {
    return '/';
  }
  if (resolved.origin !== SAME_SITE) return '/';
  const path = resolved.pathname + resolved.search + resolved.hash;
  // A resolved path that starts '//' (from '//x', '/.//x', '/..//x') is protocol-relative: another site.
  return path.startsWith('//') ? '/' : path;
}

/** Whether a path is already a safe return path exactly as written (for fields that must be one). */
export function isSafeReturnPath(value: string): boolean {
  return safeReturnPath(value) === value;
}
