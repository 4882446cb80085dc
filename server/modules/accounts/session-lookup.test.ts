import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieValue, verifiedToken } from './session-lookup.ts';

const SECRET = 'a secret of the server, long enough for HMAC';
const sign = (token: string, secret = SECRET) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('cookieValue', () => {
  it('reads the named cookie, unquoted and percent-decoded, the first when repeated', () => {
    expect(cookieValue('a=1; hnt.session_token=abc%2B%3D; b=2', 'hnt.session_token')).toBe('abc+=');
    expect(cookieValue('hnt.session_token="quoted"', 'hnt.session_token')).toBe('quoted');
    expect(cookieValue('hnt.session_token=first; hnt.session_token=second', 'hnt.session_token')).toBe('first');
    expect(cookieValue('hnt.session_token=%E0%A4%A', 'hnt.session_token')).toBe('%E0%A4%A');
  });

  it('answers null when the cookie is absent, including a longer or shorter name', () => {
    expect(cookieValue('', 'hnt.session_token')).toBeNull();
    expect(cookieValue('__Secure-hnt.session_token=x; hnt.session_token2=y', 'hnt.session_token')).toBeNull();
    expect(cookieValue('hnt.session_token', 'hnt.session_token')).toBeNull();
  });
});

describe('verifiedToken', () => {
  it('returns the token of a value signed with the secret', () => {
    expect(verifiedToken(sign('token123'), SECRET)).toBe('token123');
    // Tokens may hold dots: the signature is after the last one.
    expect(verifiedToken(sign('to.ken'), SECRET)).toBe('to.ken');
  });

  it('refuses another secret, another token, a truncated or missing signature', () => {
    expect(verifiedToken(sign('token123', 'another secret'), SECRET)).toBeNull();
    const [, signature] = sign('token123').split('.');
    expect(verifiedToken(`token124.${signature}`, SECRET)).toBeNull();
    expect(verifiedToken(sign('token123').slice(0, -2) + '=', SECRET)).toBeNull();
    expect(verifiedToken('token123', SECRET)).toBeNull();
    expect(verifiedToken('.' + signature, SECRET)).toBeNull();
    expect(verifiedToken(`token123.${'A'.repeat(43)}=`, SECRET)).toBeNull();
  });
});
