/**
 * The shared request behaviour of spec part 1 §7-§8: every call sends cookies, object bodies go as JSON, JSON
 * answers are parsed, and a failure raises an ApiError whose message is 'STATUS: body'.
 */
import { toast } from 'sonner';
import type { ErrorResponse } from '#common/contracts/errors.ts';
import { LOGIN_REDIRECT_DELAY_MS } from '#common/rules/limits.ts';
import { CACHED_AT_HEADER, QUEUED_HEADER } from './offline-protocol';
import { noteAnswer } from './offline-status';

export const LOGIN_PATH = '/api/login';
/** The sign-in page opened on Sign Up: where calls to action for newcomers go. */
export const SIGN_UP_PATH = '/signin?tab=sign-up';
export const LOGOUT_PATH = '/api/logout';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The response body as text (or the status text when the body was empty). */
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
  }

  /** The server's own `message` field when the body is a JSON error, else undefined. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // Not JSON: there is no server message to show.
    }
    return undefined;
  }

  /** A 400's reasons per field (`issues: [{path, message}]`), the first for each path; empty when there are none. */
  get fieldMessages(): Record<string, string> {
    const messages: Record<string, string> = {};
    try {
      const { issues } = JSON.parse(this.body) as Partial<ErrorResponse>;
      if (!Array.isArray(issues)) return messages;
      for (const issue of issues) {
        if (typeof issue?.path === 'string' && typeof issue.message === 'string') messages[issue.path] ??= issue.message;
      }
    } catch {
      // Not JSON: no field to point at.
    }
    return messages;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  // The service worker stamps an answer it took from its cache: the offline line says how old it is.
  noteAnswer(response.headers.get(CACHED_AT_HEADER));
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, text);
}

async function parseBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') ? response.json() : response;
}

/** A call with any method; `body` objects are sent as JSON. Resolves to the parsed JSON, or the raw Response. */
export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  if (response.headers.has(QUEUED_HEADER)) return { queued: true } as T;
  return (await parseBody(response)) as T;
}

/** What a write answers when the service worker queued it for later (the browser is offline). */
export interface QueuedWrite {
  queued: true;
}

/**
 * Whether a write's answer is the service worker's "queued": the change is kept and sent once the connection is back
 * (lib/service-worker.ts tells the outcome), so the page shows it as made, without reloading anything yet.
 */
export function isQueuedWrite(data: unknown): data is QueuedWrite {
  return typeof data === 'object' && data !== null && (data as { queued?: unknown }).queued === true;
}

/** The default read: GET and parse. With `nullOn401`, a 401 resolves to null instead of failing. */
export async function getJson<T>(path: string, options: { nullOn401?: boolean } = {}): Promise<T> {
  const response = await fetch(path, { credentials: 'include' });
  if (options.nullOn401 && response.status === 401) return null as T;
  await throwIfNotOk(response);
  return (await parseBody(response)) as T;
}

/** Spec part 1 §8: a message starting '401: ' that mentions Unauthorized means the session is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}

/** The login path, coming back to `returnTo` (a same-origin path) afterwards. */
export function loginUrl(returnTo?: string): string {
  return returnTo && returnTo !== '/' ? `${LOGIN_PATH}?returnTo=${encodeURIComponent(returnTo)}` : LOGIN_PATH;
}

let redirecting = false;

/**
 * The unauthorized rule: one toast, then the browser goes to the login path after 500 ms. Several failing
 * calls at once (a page firing many queries) lead to a single toast and a single redirect.
 */
export function handleUnauthorized(navigate: (url: string) => void = (url) => window.location.assign(url)): void {
  if (redirecting) return;
  redirecting = true;
  toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' });
  const returnTo = `${window.location.pathname}${window.location.search}`;
  setTimeout(() => navigate(loginUrl(returnTo)), LOGIN_REDIRECT_DELAY_MS);
}

/** Shows the unauthorized rule when `error` is an unauthorized failure; returns whether it was. */
export function handledAsUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  handleUnauthorized();
  return true;
}

/** The text to show for a failed call: the server's message when it sent one, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** For tests: forget that a redirect is under way. */
export function resetUnauthorizedState(): void {
  redirecting = false;
}
