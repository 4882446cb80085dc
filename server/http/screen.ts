import type { IncomingHttpHeaders } from 'node:http';
import type { FirstScreen } from '../../web/src/features/stories/first-screen.ts';

/** "Mobi" in a user agent: the mark every major phone browser puts there and tablets leave out. */
const PHONE_USER_AGENT = /Mobi/;

/**
 * The screen a page is asked for from, as its request tells: a phone's or a larger one. The browser's own word
 * first (the `Sec-CH-UA-Mobile` client hint, which Chromium-based browsers send with every request), else its user
 * agent. A page rendered for a phone holds less of what lies below its first screen; a phone taken for a larger
 * screen only gets the larger page.
 */
export function screenAskedFrom(headers: IncomingHttpHeaders): FirstScreen {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'phone';
  if (hint === '?0') return 'large';
  return PHONE_USER_AGENT.test(headers['user-agent'] ?? '') ? 'phone' : 'large';
}
