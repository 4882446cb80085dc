import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeType } from '#common/rules/limits.ts';

/**
 * Signed tokens for the links in email: unsubscribe (per person, per kind), the open pixel and tracked clicks.
 * An HMAC with a secret the server keeps (app_secrets 'email'), so nobody can make one for another person, another
 * kind, another email or another address; compared in constant time.
 */
export class EmailSigner {
  constructor(private readonly secret: string) {}

  private mac(purpose: string, ...parts: string[]): string {
    return createHmac('sha256', this.secret).update([purpose, ...parts].join('\u0000')).digest('base64url').slice(0, 32);
  }

  private same(expected: string, given: string): boolean {
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** `{person id, base64url}.{mac}`; the kind travels in `?type=` and is part of what is signed (none: every kind). */
  unsubscribeToken(userId: string, type: UnsubscribeType | null): string {
    return `${Buffer.from(userId).toString('base64url')}.${this.mac('unsubscribe', userId, type ?? '*')}`;
  }

  /** The person a token names when it was signed for this kind, else null. */
  verifyUnsubscribe(token: string, type: UnsubscribeType | null): string | null {
    const [encoded, mac, extra] = token.split('.');
    if (!encoded || !mac || extra !== undefined) return null;
    const userId = Buffer.from(encoded, 'base64url').toString('utf8');
    if (!userId || Buffer.from(userId).toString('base64url') !== encoded) return null;
    return this.same(this.mac('unsubscribe', userId, type ?? '*'), mac) ? userId : null;
  }

  openSignature(messageToken: string): string {
    return this.mac('open', messageToken).slice(0, 16);
  }

  clickSignature(messageToken: string, url: string): string {
    return this.mac('click', messageToken, url).slice(0, 16);
  }

  verifyOpen(messageToken: string, signature: string): boolean {
    return this.same(this.openSignature(messageToken), signature);
  }

  verifyClick(messageToken: string, url: string, signature: string): boolean {
    return this.same(this.clickSignature(messageToken, url), signature);
  }
}

/** An email's public name, from its idempotency key: its Message-ID's local part and its tracking links' id. */
export function messageToken(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 24);
}

/** The domain of the sender address, for Message-IDs. */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim().replace(/[^A-Za-z0-9.-]/g, '') || 'localhost';
}
