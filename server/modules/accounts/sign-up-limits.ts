import type { DatabaseRateLimiter } from '../../http/rate-limit.ts';

const HOUR_SECONDS = 3600;

export type SignUpVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * Limits of new accounts made with email and password. Each sign-up mails an address nobody has confirmed, so
 * without them anyone could aim the product's mail at other people's mailboxes: at most so many an hour per client
 * address, and per email domain however many client addresses they come from (one organisation's mailboxes, or one
 * provider's). Every attempt counts, refused ones included: counting before the account is made is what stops
 * parallel attempts from all slipping under the limit. A domain counts only the attempts its client address was
 * allowed, so one client address cannot use up a domain's hour on its own.
 */
export class SignUpLimits {
  constructor(
    private readonly limiter: DatabaseRateLimiter,
    private readonly limits: { perAddressPerHour: number; perDomainPerHour: number },
  ) {}

  /** Counts this sign-up against the client address and the new account's email domain; whether it may go ahead. */
  async attempt(clientAddress: string, email: string): Promise<SignUpVerdict> {
    const byAddress = await this.limiter.hit(`signup:ip:${clientAddress}`, HOUR_SECONDS, this.limits.perAddressPerHour);
    if (!byAddress.allowed) return refused(byAddress.retryAfterSeconds, 'Too many accounts were created from your network');
    const domain = emailDomain(email);
    const byDomain = await this.limiter.hit(`signup:domain:${domain}`, HOUR_SECONDS, this.limits.perDomainPerHour);
    if (!byDomain.allowed) return refused(byDomain.retryAfterSeconds, `Too many accounts were created for addresses at ${domain}`);
    return { allowed: true };
  }
}

/** The part of an address after its last `@`, lower case: the mail domain its mail goes to. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

function refused(retryAfterSeconds: number, what: string): SignUpVerdict {
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return { allowed: false, retryAfterSeconds, message: `${what} in the last hour. Please try again in ${wait}.` };
}
