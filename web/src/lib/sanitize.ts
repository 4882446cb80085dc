import DOMPurify from 'dompurify';

/** Tags an announcement may use (the server sanitises on write too; this is the render-side guard). */
const ALLOWED_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'code', 'ul', 'ol', 'li'];
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/**
 * Admin-written HTML made safe to render: only simple formatting and links survive, bare URLs in the text
 * become links, and every link opens in a new tab without access to this page.
 */
export function sanitizeAnnouncementHtml(html: string): string {
  const container = document.createElement('div');
  container.innerHTML = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'] });
  linkifyTextNodes(container);
  for (const link of container.querySelectorAll('a')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
    link.setAttribute('class', 'font-medium underline underline-offset-2');
  }
  return container.innerHTML;
}

function linkifyTextNodes(root: HTMLElement): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('a')) textNodes.push(node as Text);
  }
  for (const node of textNodes) {
    const text = node.textContent ?? '';
    if (!text.match(URL_IN_TEXT)) continue;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of text.matchAll(URL_IN_TEXT)) {
      fragment.append(text.slice(last, match.index));
      const link = document.createElement('a');
      link.href = match[0];
      link.textContent = match[0];
      fragment.append(link);
      last = match.index + match[0].length;
    }
    fragment.append(text.slice(last));
    node.replaceWith(fragment);
  }
}
