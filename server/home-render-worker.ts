/**
 * The render thread's side (server/home-render-thread.ts starts it): loads the build's server-side entry and
 * renders each signed-in home (or story page) it is sent, one after another.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { criticalCss, criticalStyleElement, criticalStylePlace, parseStylesheet } from './critical-stylesheet.ts';
import { compressSync, RENDERED_PAGE_BROTLI_OPTIONS, STORY_PAGE_BROTLI_OPTIONS, type Encoding } from './http/compression.ts';
import { withoutState, type ServerRenderer } from '../web/src/prerendered.ts';
import type { PageTheme, RenderReply, RenderRequest, RenderWorkerData } from './home-render-thread.ts';

const { entryUrl, template, credit, stylesheet } = workerData as RenderWorkerData;
const renderer = (await import(entryUrl)) as ServerRenderer;
const parsedStylesheet = parseStylesheet(stylesheet, renderer.stylesheetPageValues);
if (credit) renderer.setSiteCredit(credit);
await renderer.preloadRenderedPages();
const port = parentPort!;

/** Room to write a page in, kept from one page to the next and grown when a page needs more. */
let room = Buffer.allocUnsafeSlow(0);

/**
 * The page as UTF-8 bytes: the head with the stylesheet's rules the markup uses (server/critical-stylesheet.ts) in
 * their place, the markup and the tail, written into the room kept for it, then copied out at their exact length. The
 * text is written without being measured first (three bytes a UTF-16 unit at most), which TextEncoder would do, and
 * the room is not allocated again for every page. The copy handed over is the page's size, and the HTTP thread
 * sends it as it is: no other copy of the page is made on either thread. The rules are chosen by the rendered root
 * alone: the answers after it were most of a long story page's text to search, and hold no markup.
 */
function pageBytes(head: Uint8Array, markup: string, theme: PageTheme, encoding: Encoding | null, storyPage: boolean): Uint8Array<ArrayBuffer> {
  const style = criticalStyleElement(criticalCss(parsedStylesheet, withoutState(markup), theme !== 'light'));
  const most = head.length + (style.length + markup.length) * 3 + template.tail.length;
  if (room.length < most) room = Buffer.allocUnsafeSlow(Math.max(most, room.length * 2));
  const place = criticalStylePlace(Buffer.from(head.buffer, head.byteOffset, head.byteLength));
  room.set(head.subarray(0, place), 0);
  let length = place + room.write(style, place, 'utf8');
  room.set(head.subarray(place), length);
  length += head.length - place;
  length += room.write(markup, length, 'utf8');
  room.set(template.tail, length);
  length += template.tail.length;
  const page = room.subarray(0, length);
  // The compressed page is copied out too: a buffer from zlib may share its memory, and this one is handed over.
  const brotliOptions = storyPage ? STORY_PAGE_BROTLI_OPTIONS : RENDERED_PAGE_BROTLI_OPTIONS;
  return new Uint8Array(encoding ? compressSync(page, encoding, brotliOptions) : page);
}

port.on('message', ({ id, state, search, theme, encoding, storyId, head }: RenderRequest) => {
  (storyId === undefined ? renderer.renderSignedInHome(state, search) : renderer.renderStoryPage(state as string, storyId)).then(
    // Handed over rather than copied.
    (markup) => {
      const page = pageBytes(head ?? (theme === 'dark' ? template.dark : template.light), markup, theme, encoding, storyId !== undefined);
      port.postMessage({ id, page } satisfies RenderReply, [page.buffer]);
    },
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderReply),
  );
});
port.postMessage('ready');
