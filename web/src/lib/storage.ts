/**
 * The browser's localStorage item, or null where there is none: storage switched off or full (reading throws), or
 * the server rendering a page, which has no localStorage at all. Asked first rather than caught, because the server
 * renders every signed-in home and an exception's stack is dear to build on each of its reads.
 */
export function storedItem(key: string): string | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
