import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A comma-separated list of IP addresses and CIDR ranges (`10.0.0.0/8`, `::1`) as a matcher; throws on an
 * entry that is neither. IPv4 entries also match their IPv4-mapped IPv6 form (`::ffff:10.1.2.3`).
 */
export function addressList(spec: string): BlockList {
  const list = new BlockList();
  for (const entry of spec.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) throw new Error(`${entry} is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`${entry} has an invalid prefix length`);
    list.addSubnet(address, bits, type);
  }
  return list;
}

export interface MetricsAccessOptions {
  /** The bearer token a scraper may present from anywhere (METRICS_TOKEN). */
  token: string | undefined;
  /** Addresses and ranges that may scrape without a token (METRICS_ALLOW). */
  allow: string;
  /** Whether client addresses come from X-Forwarded-For (TRUST_PROXY). */
  trustProxy: boolean;
}

/**
 * Lets only the configured scraper read /metrics: a request from an allowed address, or one presenting the
 * bearer token (compared in constant time). Without TRUST_PROXY a proxied request (one carrying forwarding
 * headers) does not count as coming from its address: that is the proxy's, often loopback, not the client's.
 */
export function metricsAccess({ token, allow, trustProxy }: MetricsAccessOptions) {
  const allowed = addressList(allow);
  const expected = token === undefined ? undefined : digest(token);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if ((trustProxy || !proxied) && isAllowedAddress(allowed, request.ip)) return;
    const presented = bearerToken(request.headers.authorization);
    if (expected && presented !== undefined && timingSafeEqual(digest(presented), expected)) return;
    if (expected) {
      return void (await reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A valid metrics token is required.' }));
    }
    await reply.code(403).send({ message: 'Metrics are served only to the configured scrape addresses.' });
  };
}

function isAllowedAddress(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Fixed-length digests, so the comparison takes the same time whatever the length of what was presented. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
