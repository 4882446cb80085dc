import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { SiteCredit } from '../web/src/prerendered.ts';
import type { Encoding } from './http/compression.ts';
import { startTypescriptWorker } from './typescript-worker.ts';

/**
 * The signed-in home's page cut where the rendered root goes, encoded once: the head in both themes (the person's
 * darkMode preference applies from the first paint) and what follows the root.
 */
export interface HomeTemplate {
  light: Uint8Array;
  dark: Uint8Array;
  tail: Uint8Array;
}

export interface RenderWorkerData {
  /** The build's server-side entry (file URL), which the thread imports. */
  entryUrl: string;
  template: HomeTemplate;
  /** The footer's credit, for the pages whose answers the thread puts in the query cache itself (story pages). */
  credit?: SiteCredit;
  /** The app's full stylesheet, whose rules each page's markup uses go inline in its head. */
  stylesheet: string;
}
/**
 * The theme a page starts in: the person's own ('light' or 'dark', from their darkMode preference), which the theme
 * script leaves alone, or, for a visitor, the browser's (null: the theme script may turn it dark).
 */
export type PageTheme = 'light' | 'dark' | null;

/** A person's own theme, from their darkMode preference. */
export function accountTheme(darkMode: boolean): PageTheme {
  return darkMode ? 'dark' : 'light';
}

export interface RenderRequest {
  id: number;
  /** The home's dehydrated query cache, or a story page's answers as JSON text (a string crosses threads as one copy). */
  state: unknown;
  search: string;
  theme: PageTheme;
  /** How to compress the page, or null to send it as it is. */
  encoding: Encoding | null;
  /** Set for a story page (/stories/{id}), rendered instead of the home. */
  storyId?: number;
  /** The page's head when it is not the template's own (a story page's carries its title and Open Graph card). */
  head?: Uint8Array;
}
/** The whole page as UTF-8 bytes (compressed as asked), or why it failed. */
export type RenderReply = { id: number; page: Uint8Array } | { id: number; error: string };

interface Pending {
  resolve: (page: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * Renders signed-in homes on a thread of its own. React's render of a page of 25 cards is several milliseconds of
 * CPU with no wait in it: on the HTTP thread it held every other request (cached lists, `/healthz`) for that long,
 * and it left the second core to the database's thread alone. The HTTP thread gathers the page's answers, this
 * thread renders them. A thread that dies fails the renders it held (their pages fall back to the plain app) and
 * is started again for the next one.
 */
export class HomeRenderThread {
  private worker: Promise<Worker> | null = null;
  private current: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly entryUrl: string,
    private readonly template: HomeTemplate,
    /**
     * NODE_ENV in the thread, whoever started the process: React picks its build from it on first import, and its
     * development build (checks and warnings on every element) renders a page several times slower.
     */
    private readonly mode: string,
    private readonly stylesheet: string,
    private readonly credit?: SiteCredit,
  ) {}

  /**
   * The page, in the person's theme, with the root rendered from `state`, compressed in `encoding` (or not). The
   * compression is the render thread's work too: on the HTTP thread it cost more than the rest of its share of a page.
   */
  async render(state: unknown, search: string, theme: PageTheme, encoding: Encoding | null = null, story?: { storyId: number; head: Uint8Array }): Promise<Uint8Array> {
    const worker = await this.started();
    const id = this.nextId++;
    const rendered = new Promise<Uint8Array>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    worker.postMessage({ id, state, search, theme, encoding, ...story } satisfies RenderRequest);
    return rendered;
  }

  /**
   * Starts the thread now rather than for the first page: starting it (its modules, the build's renderer and the
   * pages' chunks) took 1.2-1.6 s here, which the first person to ask for a rendered page after a start waited for.
   * A start that fails is tried again by the first page, which falls back to the plain app if it fails again.
   */
  warmUp(): void {
    this.started().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = await this.worker?.catch(() => null);
    this.worker = null;
    await worker?.terminate();
  }

  private started(): Promise<Worker> {
    if (this.closed) return Promise.reject(new Error('the render thread is closed'));
    this.worker ??= this.start().catch((error: unknown) => {
      this.worker = null;
      throw error;
    });
    return this.worker;
  }

  private async start(): Promise<Worker> {
    const workerData: RenderWorkerData = { entryUrl: this.entryUrl, template: this.template, credit: this.credit, stylesheet: this.stylesheet };
    const worker = startTypescriptWorker(new URL('./home-render-worker.ts', import.meta.url), { workerData, env: { ...process.env, NODE_ENV: this.mode } });
    const [first] = (await Promise.race([
      once(worker, 'message'),
      once(worker, 'error').then(([error]) => {
        throw error;
      }),
    ])) as [unknown];
    if (first !== 'ready') throw new Error('the render thread did not start');
    this.current = worker;
    worker.on('message', (reply: RenderReply) => this.settle(reply));
    // A thrown error ends the thread: 'exit' follows and fails the renders it held. Unheard, 'error' would end the process.
    worker.on('error', () => undefined);
    worker.once('exit', (code) => {
      if (this.current === worker) {
        this.current = null;
        this.worker = null;
      }
      this.failPending(new Error(`the render thread exited with code ${code}`));
    });
    return worker;
  }

  /** The renders sent to this thread and not yet answered. */
  get load(): number {
    return this.pending.size;
  }

  private settle(reply: RenderReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if ('page' in reply) pending.resolve(reply.page);
    else pending.reject(new Error(reply.error));
  }

  private failPending(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

/** What the pool uses of a render thread. */
type PooledThread = Pick<HomeRenderThread, 'load' | 'render' | 'warmUp' | 'close'>;

/**
 * Several render threads (RENDER_THREADS), each page sent to the one with the fewest renders waiting: for a machine
 * with cores to spare beside the HTTP thread and the database. On two cores one thread is best (a second bought no
 * pages a second, and a worse p99).
 */
export class RenderThreads {
  private readonly threads: PooledThread[];

  constructor(count: number, start: () => PooledThread) {
    this.threads = Array.from({ length: Math.max(1, count) }, start);
  }

  /** Starts every thread, before the first page is asked for. */
  warmUp(): void {
    for (const thread of this.threads) thread.warmUp();
  }

  render(...args: Parameters<HomeRenderThread['render']>): Promise<Uint8Array> {
    let least = this.threads[0]!;
    for (const thread of this.threads) if (thread.load < least.load) least = thread;
    return least.render(...args);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}
