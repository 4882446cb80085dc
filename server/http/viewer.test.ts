import { describe, expect, it } from 'vitest';
import { clientNetwork } from './viewer.ts';

describe('clientNetwork', () => {
  it('is an IPv4 address itself, also when written as IPv4-mapped IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const network = '2001:db8:0:12::/64';
    for (const address of ['2001:db8:0:12::1', '2001:0db8:0000:0012:ffff:ffff:ffff:fffe', '2001:DB8::12:0:0:0:5', '2001:db8:0:12:1::']) {
      expect(clientNetwork(address), address).toBe(network);
    }
    expect(clientNetwork('2001:db8:0:13::1')).not.toBe(network);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});
