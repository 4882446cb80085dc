import { constants as zlibConstants, type BrotliOptions } from 'node:zlib';

/**
 * Brotli as the server compresses what it sends: quality 4 compresses nearly as well as gzip -9 for a fraction of
 * the time of brotli's default quality 11. Shared by the compression plugin and the render thread, which compresses
 * the signed-in homes it renders.
 */
export const BROTLI_OPTIONS: BrotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
