import { brotliCompressSync, constants as zlibConstants, gzipSync, type BrotliOptions } from 'node:zlib';

/**
 * Brotli as the server compresses what it sends: quality 4 compresses nearly as well as gzip -9 for a fraction of
 * the time of brotli's default quality 11. Shared by the compression plugin and the render thread, which compresses
 * the signed-in homes it renders.
 */
export const BROTLI_OPTIONS: BrotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encodings the server sends, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The first of our encodings the Accept-Encoding header allows (q=0 refuses one) that is `available`. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined, available: readonly Encoding[] = ENCODINGS): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  if (header === '') return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  for (const encoding of ENCODINGS) {
    if (available.includes(encoding) && (accepted.has(encoding) || accepted.has('*'))) return encoding;
  }
  return null;
}

/** `data` compressed in `encoding`, at once (the plugin's streams cost more than the compression of a small body). */
export function compressSync(data: string | Uint8Array, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(data, BROTLI_OPTIONS) : gzipSync(data);
}
