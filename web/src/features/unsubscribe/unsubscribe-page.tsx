import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, MailX, XCircle } from 'lucide-react';
import { Link } from 'wouter';
import type { UnsubscribeResponse } from '#common/contracts/email.ts';
import { UNSUBSCRIBE_NAMES } from '#common/rules/email.ts';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';

type State =
  | { kind: 'ready' }
  | { kind: 'processing' }
  | { kind: 'succeeded'; result: UnsubscribeResponse }
  | { kind: 'failed'; message: string };

async function unsubscribe(token: string, type: string | null): Promise<UnsubscribeResponse> {
  const query = type ? `?type=${encodeURIComponent(type)}` : '';
  // The one-click call of RFC 8058, with its body: the same POST a mail client sends.
  const response = await fetch(`/api/unsubscribe/${encodeURIComponent(token)}${query}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return (await response.json()) as UnsubscribeResponse;
}

/**
 * The calls made from this page, by link: once per link for the life of the page, not per mount. The page can
 * mount a second time while the app settles (its routes rebuilt once the session is known), and that mount shows
 * the call already made instead of asking again.
 */
const calls = new Map<string, Promise<UnsubscribeResponse>>();
const callKey = (token: string, type: string | null) => `${token}?${type ?? ''}`;

/** What the link stops, in words; a type this version does not know is left to the server to refuse. */
function whatStops(type: string | null): string {
  if (!type) return UNSUBSCRIBE_NAMES.all;
  return Object.hasOwn(UNSUBSCRIBE_NAMES, type) ? UNSUBSCRIBE_NAMES[type as keyof typeof UNSUBSCRIBE_NAMES] : 'these emails';
}

/**
 * /unsubscribe/{token}?type= (spec part 2 §2.6). Opening the link changes nothing: mail scanners and link previews
 * open links too. The page asks first, and its button sends the one POST that unsubscribes; then processing, then
 * success or failure, and what to do next.
 */
export function UnsubscribePage({ token }: { token: string | undefined }) {
  useDocumentTitle('Unsubscribe');
  const [type] = useState(() => new URLSearchParams(window.location.search).get('type'));
  const [state, setState] = useState<State>(() =>
    !token ? { kind: 'failed', message: 'Invalid unsubscribe link' } : calls.has(callKey(token, type)) ? { kind: 'processing' } : { kind: 'ready' },
  );
  const [call, setCall] = useState(() => (token ? calls.get(callKey(token, type)) : undefined));
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!call) return;
    let mounted = true;
    call
      .then((result) => mounted && setState({ kind: 'succeeded', result }))
      .catch(
        (error: unknown) =>
          mounted &&
          setState({
            kind: 'failed',
            message: error instanceof ApiError ? (error.serverMessage ?? 'Failed to unsubscribe') : 'An error occurred while processing your request',
          }),
      );
    return () => {
      mounted = false;
    };
  }, [call]);

  const confirm = () => {
    if (!token) return;
    const key = callKey(token, type);
    let started = calls.get(key);
    if (!started) {
      // Someone signed in here sees their changed preferences on the next page, not the ones loaded before.
      started = unsubscribe(token, type).then((result) => {
        void queryClient.invalidateQueries();
        return result;
      });
      calls.set(key, started);
    }
    setState({ kind: 'processing' });
    setCall(started);
  };

  return (
    <div className="mx-auto grid w-full max-w-lg gap-5 rounded-xl border bg-card p-6 shadow-sm">
      <div aria-live="polite" className="grid justify-items-center gap-3 text-center">
        {state.kind === 'ready' ? (
          <>
            <MailX className="size-10 text-primary" aria-hidden="true" />
            <h1 className="text-xl font-bold">{`Unsubscribe from ${whatStops(type)}?`}</h1>
            <p className="text-sm text-muted-foreground">Nothing changes until you press the button.</p>
            <Button onClick={confirm}>Unsubscribe</Button>
          </>
        ) : state.kind === 'processing' ? (
          <>
            <Loader2 className="size-10 animate-spin text-primary" aria-hidden="true" />
            <h1 className="text-xl font-bold">Processing your request…</h1>
            <p className="text-sm text-muted-foreground">Updating your email preferences.</p>
          </>
        ) : state.kind === 'succeeded' ? (
          <>
            <CheckCircle2 className="size-10 text-green-600 dark:text-green-500" aria-hidden="true" />
            <h1 className="text-xl font-bold">You have been unsubscribed</h1>
            <p className="text-sm">{state.result.message}</p>
            <p className="text-sm text-muted-foreground">
              Email address: <span className="font-medium text-foreground">{state.result.userEmail}</span>
            </p>
          </>
        ) : (
          <>
            <XCircle className="size-10 text-destructive" aria-hidden="true" />
            <h1 className="text-xl font-bold">Unsubscribe failed</h1>
            <p role="alert" className="text-sm">
              {state.message}
            </p>
          </>
        )}
      </div>

      {(state.kind === 'succeeded' || state.kind === 'failed') && (
        <section aria-labelledby="whats-next" className="grid gap-2 rounded-lg bg-muted/60 p-4 text-sm">
          <h2 id="whats-next" className="flex items-center gap-2 font-semibold">
            <MailX className="size-4" aria-hidden="true" />
            What's Next?
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>Changes take effect at once; an email already on its way may still arrive.</li>
            <li>You can turn any kind of email back on, or change how often it comes, in Email Preferences.</li>
            <li>Your account, bookmarks and keyword alerts stay as they are.</li>
          </ul>
        </section>
      )}

      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link href="/">Return to HN Trends</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/preferences">Email Preferences</Link>
        </Button>
      </div>
      <p className="text-center text-sm text-muted-foreground">
        Questions? <Link href="/contact" className="text-primary underline-offset-2 hover:underline">Contact us</Link>
      </p>
    </div>
  );
}
