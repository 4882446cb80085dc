import { AlertTriangle, BookOpen, Clock, ExternalLink, Link2Off, MessageSquare, Triangle, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { itemPageUrl, storyLinkUrl } from '#common/rules/links.ts';
import { formatCount } from '#common/rules/plural.ts';
import { timeAgoOrRecently } from '#common/rules/time-ago.ts';
import { MetaItem } from '@/components/meta-item';
import { SyntheticBadge } from '@/components/synthetic-badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { PRODUCT_NAME, useDocumentTitle } from '@/lib/document-title';
import { isShareToken, recordClick, useSharedLink } from './api';


/**
 * /share/{token}/{slug?} and /shared-story/{token} (spec part 1 §2), public. The server has already put the
 * link's og:* and twitter:* tags into this page's HTML; this renders the story for people.
 */
export function SharedStoryPage({ shareToken }: { shareToken?: string }) {
  const validToken = isShareToken(shareToken);
  const link = useSharedLink(shareToken);
  const data = link.data;
  const title = data ? data.customTitle || data.story.title : undefined;
  useDocumentTitle(title ?? 'Shared Story');

  if (!shareToken) {
    return (
      <Problem icon={<Link2Off className="size-10 text-muted-foreground" aria-hidden="true" />} title="Invalid Share Link">
        This address has no share link in it. Check that it was copied whole.
      </Problem>
    );
  }
  // A malformed token is only an unknown one: no story is shared under it.
  if (!validToken || (link.error instanceof ApiError && link.error.status === 404)) {
    return (
      <Problem icon={<Link2Off className="size-10 text-muted-foreground" aria-hidden="true" />} title="Story Not Found">
        Share link not found. It may have been mistyped or removed.
      </Problem>
    );
  }
  // 410: moderators removed the story; the server sends nothing of it.
  if (link.error instanceof ApiError && link.error.status === 410) {
    return (
      <Problem icon={<Link2Off className="size-10 text-muted-foreground" aria-hidden="true" />} title="Story Removed">
        This story was removed by moderators.
      </Problem>
    );
  }
  if (link.isError) {
    return (
      <Problem icon={<AlertTriangle className="size-10 text-destructive" aria-hidden="true" />} title="Story Not Found">
        Share link not found: we could not load this shared story. Please try again later.
      </Problem>
    );
  }
  if (!data) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4" aria-busy="true" aria-label="Loading shared story">
        <Skeleton className="aspect-[1200/630] w-full rounded-xl" />
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-4 w-3/5" />
      </div>
    );
  }

  const { story } = data;
  const articleUrl = storyLinkUrl(story);
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-5" aria-labelledby="shared-story-title">
      <img
        src={`/api/og-image/${encodeURIComponent(shareToken)}`}
        alt={`Preview card: ${title}`}
        width={1200}
        height={630}
        className="h-auto w-full rounded-xl border bg-muted"
      />
      <header className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          Shared by <span className="font-medium text-foreground">{data.user.displayName}</span>
        </p>
        <h1 id="shared-story-title" className="text-2xl font-bold leading-tight text-balance sm:text-3xl">
          {title}
        </h1>
        {data.customTitle && data.customTitle !== story.title && <p className="text-sm text-muted-foreground">Original title: {story.title}</p>}
        {data.customDescription && <p className="whitespace-pre-line text-base">{data.customDescription}</p>}
      </header>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <MetaItem icon={Triangle} iconClassName="fill-current text-primary" className="font-medium text-foreground">
          {formatCount(story.score, 'point')}
        </MetaItem>
        <MetaItem icon={MessageSquare}>
          {formatCount(story.descendants, 'comment')}
        </MetaItem>
        <MetaItem icon={User}>
          {story.by || 'Anonymous'}
        </MetaItem>
        <MetaItem icon={Clock}>
          {timeAgoOrRecently(story.timeAgo)}
        </MetaItem>
        {story.domain && (
          <MetaItem icon={ExternalLink}>
            {story.domain}
          </MetaItem>
        )}
        {story.synthetic && <SyntheticBadge />}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild size="lg">
          <a href={articleUrl} target="_blank" rel="noopener noreferrer" onClick={() => recordClick(shareToken, 'article')}>
            <BookOpen aria-hidden="true" />
            Read Article
          </a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={itemPageUrl(story.hnId)} target="_blank" rel="noopener noreferrer" onClick={() => recordClick(shareToken, 'comments')}>
            <MessageSquare aria-hidden="true" />
            View Comments
          </a>
        </Button>
      </div>
      <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">
        Discover what is trending on Hacker News as it happens.{' '}
        <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Visit {PRODUCT_NAME}
        </Link>
      </p>
    </article>
  );
}

function Problem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-4 py-16 text-center">
      {icon}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      <Button asChild>
        <Link href="/">Visit {PRODUCT_NAME}</Link>
      </Button>
    </div>
  );
}
