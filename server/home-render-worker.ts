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

/**
 * The markup as UTF-8 bytes, in one pass: written into room for the longest it could be (three bytes a UTF-16 unit),
 * left uninitialised, instead of measured first and then written as TextEncoder does (about half the time for a
 * page of 140,000 characters).
 */
function utf8Bytes(markup: string): Uint8Array<ArrayBuffer> {
  const room = Buffer.allocUnsafeSlow(markup.length * 3);
  const length = room.write(markup, 'utf8');
  return new Uint8Array(room.buffer as ArrayBuffer, room.byteOffset, length);
}

port.on('message', ({ id, state, search }: RenderRequest) => {
  renderer.renderSignedInHome(state, search).then(
    // Handed over rather than copied: the HTTP thread writes the bytes as they are.
    (markup) => {
      const root = utf8Bytes(markup);
      port.postMessage({ id, root } satisfies RenderReply, [root.buffer]);
    },
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderReply),
  );
});
port.postMessage('ready');
