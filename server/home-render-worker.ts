/**
 * The render thread's side (server/home-render-thread.ts starts it): loads the build's server-side entry and
 * renders each signed-in home it is sent, one after another.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ServerRenderer } from '../web/src/prerendered.ts';
import type { RenderReply, RenderRequest, RenderWorkerData } from './home-render-thread.ts';

const { entryUrl } = workerData as RenderWorkerData;
const renderer = (await import(entryUrl)) as ServerRenderer;
const port = parentPort!;

const utf8 = new TextEncoder();

port.on('message', ({ id, state, search }: RenderRequest) => {
  renderer.renderSignedInHome(state, search).then(
    // As UTF-8 bytes, handed over rather than copied: the HTTP thread writes them as they are.
    (markup) => {
      const root = utf8.encode(markup);
      port.postMessage({ id, root } satisfies RenderReply, [root.buffer]);
    },
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderReply),
  );
});
port.postMessage('ready');
