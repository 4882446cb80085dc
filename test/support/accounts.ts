import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

/** The cookies a response sets, as a Cookie header for the next request. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

let counter = 0;

/** A distinct client address per call, so the per-address sign-in limit does not trip the tests that sign in a lot. */
function nextAddress(): string {
  counter++;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export async function signIn(server: FastifyInstance, email: string, password = 'correct horse battery staple') {
  return server.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextAddress(), payload: { email, password } });
}

/** Signs up through better-auth's real endpoint and returns the session cookie. */
export async function signUp(server: FastifyInstance, options: { email?: string; name?: string; password?: string } = {}): Promise<TestUser> {
  const remoteAddress = nextAddress();
  const email = options.email ?? `reader${counter}-${Date.now()}@example.com`;
  const response = await server.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    payload: { email, name: options.name ?? `Reader ${counter}`, password: options.password ?? 'correct horse battery staple' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieHeader(response.headers['set-cookie']);
  const me = await server.inject({ url: '/api/auth/user', headers: { cookie } });
  return { id: me.json().id, email, cookie };
}

export async function setRole(pool: pg.Pool, userId: string, role: 'user' | 'moderator' | 'admin'): Promise<void> {
  await pool.query('UPDATE users SET role = $1 WHERE id = $2', [role, userId]);
}
