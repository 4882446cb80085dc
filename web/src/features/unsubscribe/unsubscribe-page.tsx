import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, MailX, XCircle } from 'lucide-react';
import { Link } from 'wouter';
import type { UnsubscribeResponse } from '../../../../common/contracts/email.ts';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';

type State = { kind: 'processing' } | { kind: 'succeeded'; result: UnsubscribeResponse } | { kind: 'failed'; message: string };


async function unsubscribe(token: string, type: string | null): Promise<UnsubscribeResponse> {
  const query = type ? `?type=${encodeURIComponent(type)}` : '';
  const response = await fetch(`/api/unsubscribe/${encodeURIComponent(token)}${query}`, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return (await response.json()) as UnsubscribeResponse;
}

/**
 * The call runs once on load (spec part 2 §4): once per link for the life of the page, not per mount. The page can
 * mount a second time while the app settles (its routes rebuilt once the session is known), and that mount waits
 * for the same call instead of making another.
 */
const calls = new Map<string, Promise<UnsubscribeResponse>>();
function unsubscribeOnce(token: string, type: string | null, onSuccess: () => void): Promise<UnsubscribeResponse> {
  const key = `${token}?${type ?? ''}`;
  let call = calls.get(key);
  if (!call) {
    call = unsubscribe(token, type).then((result) => {
      onSuccess();
      return result;
    });
    calls.set(key, call);
  }
  return call;
}

/** /unsubscribe/{token}?type= (spec part 2 §2.6): processing, then success or failure, and what to do next. */
export function UnsubscribePage({ token }: { token: string | undefined }) {
  useDocumentTitle('Unsubscribe');
  const [state, setState] = useState<State>(() => (token ? { kind: 'processing' } : { kind: 'failed', message: 'Invalid unsubscribe link' }));
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    let mounted = true;
    const type = new URLSearchParams(window.location.search).get('type');
    // Someone signed in here sees their changed preferences on the next page, not the ones loaded before.
    unsubscribeOnce(token, type, () => void queryClient.invalidateQueries())
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
  }, [token, queryClient]);

  return (
    <div className="mx-auto grid w-full max-w-lg gap-5 rounded-xl border bg-card p-6 shadow-sm">
      <div aria-live="polite" className="grid justify-items-center gap-3 text-center">
        {state.kind === 'processing' ? (
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

      {state.kind !== 'processing' && (
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
