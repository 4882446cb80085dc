import type { DatabaseRateLimiter, RateLimitResult } from '../../http/rate-limit.ts';

/** Failed attempts against one account per 15 minutes, from anywhere, before addresses that failed are held back. */
export const PER_ACCOUNT = { windowSeconds: 15 * 60, max: 10 };

const ALLOWED: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };

/**
 * Brute-force limits of password checks (sign-in, sign-up, confirming a password).
 *
 * The per-account limit counts failures only, and once an account has had too many it holds back only the
 * addresses that themselves failed against it: a stranger guessing from many addresses cannot lock the owner
 * out, since the owner's address has no failures and their correct password goes through. The price: a guesser
 * with many addresses gets one guess per fresh address per window (each address is still limited per minute).
 */
export class SignInLimits {
  /** @param perAddressPerMinute attempts per client address per minute (every attempt counts) */
  constructor(
    private readonly limiter: DatabaseRateLimiter,
    private readonly perAddressPerMinute: number,
  ) {}

  /** Counts this attempt against the address, and says whether it may go ahead. */
  async attempt(address: string, account: string | undefined): Promise<RateLimitResult> {
    const perAddress = await this.limiter.hit(`auth:ip:${address}`, 60, this.perAddressPerMinute);
    if (!perAddress.allowed || !account) return perAddress;
    const [failures, ownFailures] = await Promise.all([
      this.limiter.peek(accountKey(account), PER_ACCOUNT.windowSeconds),
      this.limiter.peek(accountKey(account, address), PER_ACCOUNT.windowSeconds),
    ]);
    if (failures.count >= PER_ACCOUNT.max && ownFailures.count > 0) {
      // Either window ending lets the address try again.
      return { allowed: false, retryAfterSeconds: Math.min(failures.retryAfterSeconds, ownFailures.retryAfterSeconds) };
    }
    return ALLOWED;
  }

  /** Records a failed attempt against the account, overall and from this address. */
  async failed(address: string, account: string): Promise<void> {
    await Promise.all([
      this.limiter.hit(accountKey(account), PER_ACCOUNT.windowSeconds, PER_ACCOUNT.max),
      this.limiter.hit(accountKey(account, address), PER_ACCOUNT.windowSeconds, PER_ACCOUNT.max),
    ]);
  }
}

const accountKey = (account: string, address?: string) =>
  address === undefined ? `auth:account:${account.toLowerCase()}` : `auth:account:${account.toLowerCase()}:ip:${address}`;
