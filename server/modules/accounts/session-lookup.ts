import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { CurrentUser } from '#common/contracts/accounts.ts';
import { presentCurrentUser } from './presenter.ts';

/**
 * Who a request's session cookie belongs to, the question every signed-in request asks (docs/accounts.md, "How a
 * request's session is looked up"). better-auth's getSession answers it with an endpoint context per call and two
 * statements built by the ORM: several milliseconds of CPU, which capped signed-in calls at about 200 a second on
 * two cores. The usual case, a current session, is answered here: the cookie's signature checked as better-auth
 * signs it (HMAC-SHA256 of the token with the auth secret, in base64), then the session and its user in one
 * statement.
 * The cases where better-auth acts on the session are left to it, so they behave exactly as before: an expired
 * session (it deletes it) and one due for refresh (it extends it, at most once per updateAge).
 */
export interface SessionLookupOptions {
  pool: pg.Pool;
  secret: string;
  /** The session cookie's name, as better-auth sets it (`__Secure-` first over https). */
  cookieName: string;
  /** better-auth's session lifetime and refresh age, in seconds: a session is due for refresh once it is updateAge old. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
  /** better-auth's own lookup, for every session it must act on. */
  fallback: (cookieHeader: string) => Promise<CurrentUser | null>;
}

interface SessionUserRow {
  expiresAt: Date;
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  image: string | null;
  role: string;
  onboardingCompleted: boolean;
}

const SESSION_USER_SQL = `SELECT s.expires_at AS "expiresAt", u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName",
                                 u.display_name AS "displayName", u.image, u.role, u.onboarding_completed AS "onboardingCompleted"
                            FROM sessions s JOIN users u ON u.id = s.user_id
                           WHERE s.token = $1`;

/** The first value of a cookie in a Cookie header, unquoted and percent-decoded as better-call reads it; null when absent. */
export function cookieValue(cookieHeader: string, name: string): string | null {
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The token of a signed cookie value (`token.signature`) when its signature is the secret's, else null. */
export function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  const signature = signedValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export function createSessionLookup(options: SessionLookupOptions): (cookieHeader: string) => Promise<CurrentUser | null> {
  return async (cookieHeader) => {
    const signed = cookieValue(cookieHeader, options.cookieName);
    if (signed === null) return null;
    const token = verifiedToken(signed, options.secret);
    if (token === null) return null;
    // Prepared once per connection (a named statement): the same plan for every token, so it is not planned again.
    const result = await options.pool.query<SessionUserRow>({ name: 'session-user', text: SESSION_USER_SQL, values: [token] });
    const row = result.rows[0];
    // A signed token without a session was signed out (or never existed): better-auth answers no one too.
    if (!row) return null;
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    // better-auth's own rule (api/routes/session): refresh once the session has lived updateAge of its expiresIn.
    const dueForRefresh = expiresAt - options.expiresInSeconds * 1000 + options.updateAgeSeconds * 1000 <= now;
    if (expiresAt < now || dueForRefresh) return options.fallback(cookieHeader);
    return presentCurrentUser(row);
  };
}
