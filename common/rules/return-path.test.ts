import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, safeReturnPath } from './return-path.ts';

/** Where a browser would go when sent to a Location of `path` from https://news.example/page. */
function browserDestination(path: string): string {
  return new URL(path, 'https://news.example/page').origin;
}

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(safeReturnPath('/bookmarks?page=2#top')).toBe('/bookmarks?page=2#top');
    expect(safeReturnPath('/profile/alice')).toBe('/profile/alice');
    expect(safeReturnPath('/a/b/../c')).toBe('/a/c');
  });

  it.each([
    ['nothing', undefined],
    ['empty', ''],
    ['protocol-relative', '//evil.example'],
    ['tab then slash', '/\t/evil.example'],
    ['newline then slash', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['dot segment then slash', '/.//evil.example'],
    ['dot-dot then slash', '/..//evil.example'],
    ['encoded dots', '/%2e%2e//evil.example'],
    ['encoded dot', '/%2e//evil.example'],
    ['backslash', '\\\\evil.example'],
    ['slash backslash', '/\\evil.example'],
    ['backslash later', '/a\\..\\..\\evil.example'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['absolute URL', 'https://evil.example/'],
    ['scheme-relative with credentials', '//user@evil.example'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('keeps an encoded slash as text: it never becomes a second slash', () => {
    const path = safeReturnPath('/%2F/evil.example');
    expect(browserDestination(path)).toBe('https://news.example');
  });

  it('whatever it is given, the browser stays on the site', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webPath(), fc.webUrl(), fc.string({ unit: fc.constantFrom('/', '\\', '.', '\t', '\n', '%', '2', 'e', 'f', ':', '@', 'a') })), (value) => {
        const path = safeReturnPath(value);
        expect(path.startsWith('/')).toBe(true);
        expect(browserDestination(path)).toBe('https://news.example');
        // Idempotent: what it hands out is itself a safe return path.
        expect(isSafeReturnPath(path)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
