import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { idListSchema, updatesSchema } from './parse.ts';

export const HN_LISTS = ['topstories', 'newstories', 'beststories', 'askstories', 'showstories'] as const;
export type HnList = (typeof HN_LISTS)[number];

/**
 * The largest answer read, in bytes. A story item is a few KB (a long text post, a few thousand comment ids), a
 * list of 500 ids about 5 KB and the updates less; an answer above its cap is refused before it is read in full,
 * so one huge answer cannot take the process's memory.
 */
export const MAX_ITEM_BYTES = 1024 * 1024;
export const MAX_LIST_BYTES = 256 * 1024;

export interface HnClientOptions {
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  /** Base of the exponential backoff between attempts; tests shorten it. */
  backoffMs?: number;
  signal?: AbortSignal;
}

export class HnFetchError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'HnFetchError';
  }
}

/** A small client for the Hacker News Firebase API: per-request timeout, retries with backoff and full jitter. */
export class HnClient {
  private readonly baseUrl: string;
  private readonly backoffMs: number;

  constructor(private readonly options: HnClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.backoffMs = options.backoffMs ?? 250;
  }

  list(name: HnList): Promise<number[]> {
    return this.getJson(`/${name}.json`, idListSchema, MAX_LIST_BYTES);
  }

  updates(): Promise<z.infer<typeof updatesSchema>> {
    return this.getJson('/updates.json', updatesSchema, MAX_LIST_BYTES);
  }

  /** The raw item (or null); parsing into a story is the caller's business. */
  item(id: number): Promise<unknown> {
    return this.getJson(`/item/${id}.json`, null, MAX_ITEM_BYTES);
  }

  private async getJson<T>(path: string, schema: z.ZodType<T> | null, maxBytes: number): Promise<T> {
    let lastError: HnFetchError = new HnFetchError('no attempt made', true);
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      if (attempt > 0) {
        // Full jitter: spreads the retries of many concurrent requests instead of synchronising them.
        await sleep(Math.random() * this.backoffMs * 2 ** (attempt - 1), undefined, { signal: this.options.signal });
      }
      try {
        const body = await this.fetchOnce(path, maxBytes);
        if (schema === null) return body as T;
        const parsed = schema.safeParse(body);
        if (!parsed.success) throw new HnFetchError(`${path}: unexpected response shape`, true);
        return parsed.data;
      } catch (error) {
        if (this.options.signal?.aborted) throw error;
        lastError = error instanceof HnFetchError ? error : new HnFetchError(`${path}: ${String(error)}`, true);
        if (!lastError.retryable) break;
      }
    }
    throw lastError;
  }

  private async fetchOnce(path: string, maxBytes: number): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
    let response: Response;
    try {
      response = await fetch(this.baseUrl + path, { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      const reason = timeout.aborted ? `timed out after ${this.options.timeoutMs} ms` : String(error);
      throw new HnFetchError(`${path}: ${reason}`, true);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      // 4xx other than throttling will not get better by asking again.
      const retryable = response.status >= 500 || response.status === 429;
      throw new HnFetchError(`${path}: HTTP ${response.status}`, retryable);
    }
    const text = await readBounded(response, path, maxBytes);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new HnFetchError(`${path}: truncated or invalid JSON`, true);
    }
  }
}

/**
 * The body as text, read a chunk at a time and given up as soon as it passes `maxBytes` (decoded bytes, so a
 * compressed answer counts at its real size). Too large is not retried within the cycle: the same answer would
 * come again; an item refused this way is queued for the next cycles and given up after its attempts, as any poison.
 */
async function readBounded(response: Response, path: string, maxBytes: number): Promise<string> {
  const tooLarge = () => new HnFetchError(`${path}: answer larger than ${maxBytes} bytes, refused`, false);
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HnFetchError) throw error;
    throw new HnFetchError(`${path}: connection lost while reading the body`, true);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
