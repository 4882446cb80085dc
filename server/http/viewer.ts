import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The network a visitor's address belongs to, as far as counting goes: an IPv4 address itself, an IPv6 address's
 * /64 (one household or device is given a whole /64 and can change addresses within it at will).
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Who is viewing, as an opaque key: a keyed hash of the person's id, or for a visitor of their network (never their
 * browser, which anyone can name as they like), within a scope (the day, so keys of different days cannot be
 * linked). Counting once per key needs no more, and neither an address nor who read what is stored. Everyone behind
 * one address (an office, a mobile carrier's gateway) counts as one visitor: the price of counts that changing a
 * header cannot inflate.
 */
export function viewerKey(secret: string, request: FastifyRequest, userId: string | null, scope: string): string {
  const who = userId ? `user:${userId}` : `visitor:${clientNetwork(request.ip)}`;
  return createHmac('sha256', secret).update(`${scope}\n${who}`).digest('base64url');
}
