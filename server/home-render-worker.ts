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

port.on('message', ({ id, state, search }: RenderRequest) => {
  renderer.renderSignedInHome(state, search).then(
    (root) => port.postMessage({ id, root } satisfies RenderReply),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderReply),
  );
});
port.postMessage('ready');
