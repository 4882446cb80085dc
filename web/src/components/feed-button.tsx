import { Check, Copy, Rss } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { FEED_FORMAT_MEDIA_TYPES, FEED_FORMAT_NAMES, feedUrl, type FeedAddress, type FeedFormatName } from '#common/rules/feed-links.ts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const FORMATS = Object.keys(FEED_FORMAT_NAMES) as FeedFormatName[];

export interface FeedButtonProps {
  /** The feed of what the page shows (common/rules/feed-links.ts). */
  address: FeedAddress;
  /** What the feed is of, for the dialog's title: "this list", "this search", "Rust". */
  subject: string;
  /** The icon alone (its name for screen readers and as a tooltip), as on the list's one-line filter bar. */
  iconOnly?: boolean;
}

/**
 * Announces a page's own feed in the document's head while the page shows (`<link rel="alternate">`, as the server
 * puts the trending feed in every page's head), so a reader's "subscribe to this page" finds the list or search on
 * screen.
 */
export function useFeedAlternates(address: FeedAddress | null, title: string): void {
  const path = address?.path;
  const query = address?.query;
  useEffect(() => {
    if (path === undefined || query === undefined) return;
    const links = FORMATS.map((format) => {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.type = FEED_FORMAT_MEDIA_TYPES[format];
      link.title = `${title} (${FEED_FORMAT_NAMES[format]})`;
      link.href = feedUrl({ path, query }, format);
      link.dataset.pageFeed = 'true';
      document.head.append(link);
      return link;
    });
    return () => links.forEach((link) => link.remove());
  }, [path, query, title]);
}

/**
 * The feed button beside a list, a search or a keyword: a dialog with the feed's address in each format, each with a
 * copy button, and a link to every feed (/feeds).
 */
export function FeedButton({ address, subject, iconOnly = false }: FeedButtonProps) {
  const [copied, setCopied] = useState<FeedFormatName | null>(null);
  const ids = useId();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const copy = async (format: FeedFormatName) => {
    try {
      await navigator.clipboard.writeText(feedUrl(address, format, origin));
      setCopied(format);
    } catch {
      setCopied(null);
    }
  };

  return (
    <Dialog onOpenChange={() => setCopied(null)}>
      <DialogTrigger asChild>
        <Button variant="outline" size={iconOnly ? 'icon' : 'default'} title={iconOnly ? `Feed of ${subject}` : undefined} data-testid="feed-button">
          <Rss aria-hidden="true" />
          <span className={iconOnly ? 'sr-only' : undefined}>{iconOnly ? `Feed of ${subject}` : 'Feed'}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Feed of {subject}</DialogTitle>
          <DialogDescription>Follow it in any feed reader: paste one of these addresses. It updates every minute.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          {FORMATS.map((format) => {
            const url = feedUrl(address, format, origin);
            const inputId = `${ids}-${format}`;
            return (
              <div key={format} className="grid gap-2">
                <Label htmlFor={inputId}>{FEED_FORMAT_NAMES[format]}</Label>
                <div className="flex min-w-0 gap-2">
                  <Input id={inputId} value={url} readOnly onFocus={(event) => event.target.select()} className="min-w-0 font-mono text-xs" />
                  <Button variant="outline" onClick={() => void copy(format)} aria-label={`Copy the ${FEED_FORMAT_NAMES[format]} address`}>
                    {copied === format ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                    <span className="hidden sm:inline">{copied === format ? 'Copied' : 'Copy'}</span>
                  </Button>
                </div>
              </div>
            );
          })}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {copied ? `${FEED_FORMAT_NAMES[copied]} address copied.` : ''}
          </p>
          <p className="text-sm">
            <Link href="/feeds" className="text-primary underline underline-offset-2">
              Every feed and its parameters
            </Link>
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
