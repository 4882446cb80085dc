import type { AddressInfo } from 'node:net';
import http from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc'"], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
} as const;

/** The headers helmet's own middleware puts on a real response. */
async function headersFromHelmetOnARealResponse(): Promise<Record<string, string>> {
  const middleware = helmet(OPTIONS);
  const server = http.createServer((request, response) => middleware(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const ignored = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...response.headers].filter(([name]) => !ignored.has(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('securityHeaders', () => {
  it('are exactly the headers helmet sets on a response, worked out once', async () => {
    expect(securityHeaders(OPTIONS)).toEqual(await headersFromHelmetOnARealResponse());
  });

  it('carry the policy and the usual protections', () => {
    const headers = securityHeaders(OPTIONS);
    expect(headers['content-security-policy']).toMatch(/(^|;)default-src 'self';/);
    expect(headers['content-security-policy']).toMatch(/(^|;)script-src 'self' 'sha256-abc'(;|$)/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(Object.keys(headers).length).toBeGreaterThan(8);
  });
});
