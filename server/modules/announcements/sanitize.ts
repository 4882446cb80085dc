import sanitizeHtml from 'sanitize-html';

/** The markup an announcement may use: simple inline formatting, paragraphs, lists and links. */
const ALLOWED_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 'code', 'br', 'p', 'ul', 'ol', 'li'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // target and rel are listed only so the values set below survive; whatever the admin wrote is replaced.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Everything else goes with its content where the content is code (script, style), else leaves its text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    // A link opens a new tab that gets no handle on this page and no referrer.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
};

/** Admin-written announcement HTML reduced to the allow-list above; the web app sanitises again on render. */
export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
