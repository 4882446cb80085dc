// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml } from './sanitize';

describe('sanitizeAnnouncementHtml', () => {
  it('drops scripts, handlers and unsafe links', () => {
    const html = sanitizeAnnouncementHtml('<b onclick="x()">Hi</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/);
    expect(html).toContain('<b>Hi</b>');
  });

  it('makes bare URLs clickable and opens every link in a new tab', () => {
    const html = sanitizeAnnouncementHtml('See https://example.com/notes. Or <a href="https://example.org">this</a>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/notes', 'https://example.org']);
    expect(links.every((link) => link.target === '_blank' && link.rel === 'noopener noreferrer')).toBe(true);
    expect(container.textContent).toBe('See https://example.com/notes. Or this');
  });
});
