import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HnClient, HnFetchError, MAX_ITEM_BYTES } from './client.ts';

/** An answer that declares a size above the cap is refused from its headers, before a byte of the body is read. */
describe('HnClient answer size', () => {
  let server: Server;
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((_request, response) => {
      // Declares a body of twice the cap and sends only its first bytes: reading it would wait for the rest.
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * MAX_ITEM_BYTES) });
      response.write('{"id":1,');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v0`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a declared length above the cap at once, without retrying', async () => {
    const client = new HnClient({ baseUrl, timeoutMs: 5000, retries: 3, backoffMs: 1 });
    const started = performance.now();
    const error = await client.item(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HnFetchError);
    expect(error).toMatchObject({ retryable: false, message: `/item/1.json: answer larger than ${MAX_ITEM_BYTES} bytes, refused` });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
