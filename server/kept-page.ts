import { compressStrongest, type Encoding } from './http/compression.ts';

/** A page held in memory with its compressed copies, sent as it is. */
export interface HeldPage {
  body: Buffer;
  compressed: Partial<Record<Encoding, Buffer>>;
}

/**
 * A page that is the same for everyone who gets it (the landing page, rendered with its answers), rendered once
 * and sent from memory, compressed as strongly as the build compresses its files (on libuv's threads, not the
 * HTTP thread). Once it is `freshMs` old the next request starts a new render and is still sent the last one, so
 * no request waits for a render but the very first. A failed render keeps the last page (or none: the caller
 * then sends its fallback) and is tried again after `freshMs`.
 */
export class KeptPage {
  private page: HeldPage | null = null;
  private settledAt = Number.NEGATIVE_INFINITY;
  private rendering: Promise<HeldPage | null> | null = null;

  constructor(
    private readonly render: () => Promise<string>,
    private readonly freshMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The page to send, or null while none could be rendered. */
  async current(): Promise<HeldPage | null> {
    if (this.now() - this.settledAt >= this.freshMs) this.rendering ??= this.renderAgain();
    return this.page ?? this.rendering;
  }

  private async renderAgain(): Promise<HeldPage | null> {
    try {
      const body = Buffer.from(await this.render());
      const [br, gzipped] = await Promise.all([compressStrongest.br(body), compressStrongest.gzip(body)]);
      this.page = { body, compressed: { br, gzip: gzipped } };
    } catch (error) {
      this.onError(error);
    } finally {
      this.settledAt = this.now();
      this.rendering = null;
    }
    return this.page;
  }
}
