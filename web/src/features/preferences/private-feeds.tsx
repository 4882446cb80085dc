import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { FeedTokenStatus, NewFeedToken } from '#common/contracts/feeds.ts';
import { PRIVATE_FEEDS, type PrivateFeed } from '#common/rules/feed-links.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { apiRequest, getJson, handledAsUnauthorized, messageOf } from '@/lib/api';
import { RETRIED_DATA } from '@/lib/retry';

const FEED_TOKEN_PATH = '/api/user/feed-token';
const FEED_TOKEN_KEY = [FEED_TOKEN_PATH] as const;

const FEED_LABELS: Record<PrivateFeed, string> = {
  bookmarks: 'Your bookmarks',
  watches: 'Status changes of your watched stories',
  alerts: 'Stories of your keyword alerts',
  predictions: 'Calls to trend',
};

/**
 * The private feeds' token (docs/feeds.md, "Private feeds"): made, renewed and revoked here. The server keeps only
 * its hash, so the addresses are shown once, right after they are made.
 */
export function PrivateFeeds() {
  const queryClient = useQueryClient();
  const status = useQuery({ ...RETRIED_DATA, queryKey: FEED_TOKEN_KEY, queryFn: () => getJson<FeedTokenStatus>(FEED_TOKEN_PATH) });
  const [made, setMade] = useState<NewFeedToken | null>(null);
  const headingId = useId();
  const failed = (fallback: string) => (failure: unknown) => {
    if (!handledAsUnauthorized(failure)) toast.error(messageOf(failure, fallback));
  };
  const renew = useMutation({
    mutationFn: () => apiRequest<NewFeedToken>('POST', FEED_TOKEN_PATH),
    onSuccess: (token) => {
      setMade(token);
      queryClient.setQueryData<FeedTokenStatus>(FEED_TOKEN_KEY, { feedToken: { createdAt: token.createdAt } });
    },
    onError: failed('Could not make your feed addresses. Please try again.'),
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest('DELETE', FEED_TOKEN_PATH),
    onSuccess: () => {
      setMade(null);
      queryClient.setQueryData<FeedTokenStatus>(FEED_TOKEN_KEY, { feedToken: null });
      toast.success('Feed addresses revoked', { description: 'Your private feeds no longer answer at their addresses.' });
    },
    onError: failed('Could not revoke your feed addresses. Please try again.'),
  });
  const token = status.data?.feedToken ?? null;

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold leading-tight [&_svg]:size-5 [&_svg]:text-primary">
          <Rss aria-hidden="true" />
          Private feeds
        </h2>
        <CardDescription>
          Follow your bookmarks, watched stories, keyword alerts and the calls to trend in a feed reader. Their addresses hold a secret: anyone with
          one can read that feed, so keep them to yourself, and renew them if one gets out.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <Skeleton className="h-10 w-full" aria-label="Loading your feed addresses" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load your feed addresses. Please try again later.
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" data-testid="feed-token-status">
              {token === null
                ? 'You have no private feed addresses.'
                : `Your feed addresses were made on ${new Date(token.createdAt).toLocaleString()}.${made ? '' : ' They are shown only when made: renew them to see new ones (the old ones then stop working).'}`}
            </p>
            {made && <FeedAddresses token={made} />}
            <div className="flex flex-wrap justify-end gap-2">
              {token !== null && (
                <Button variant="outline" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
                  {revoke.isPending ? 'Revoking...' : 'Revoke addresses'}
                </Button>
              )}
              <Button onClick={() => renew.mutate()} disabled={renew.isPending}>
                {renew.isPending ? 'Making...' : token === null ? 'Make feed addresses' : 'Renew addresses'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function FeedAddresses({ token }: { token: NewFeedToken }) {
  const ids = useId();
  return (
    <div className="grid gap-3" data-testid="feed-addresses">
      <p role="status" className="text-sm font-medium">
        Copy them now: they are shown only this once. Each also works ending in .atom or .json.
      </p>
      {PRIVATE_FEEDS.map((name) => (
        <div key={name} className="grid gap-1.5">
          <Label htmlFor={`${ids}-${name}`}>{FEED_LABELS[name]}</Label>
          <Input id={`${ids}-${name}`} value={token.feeds[name]} readOnly onFocus={(event) => event.target.select()} className="min-w-0 font-mono text-xs" />
        </div>
      ))}
    </div>
  );
}
