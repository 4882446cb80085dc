import { Sparkles } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Story } from '#common/contracts/stories.ts';
import { formatCount } from '#common/rules/plural.ts';
import { PageHeader } from '@/components/page-header';
import { Banner, ListSkeleton } from '@/components/page-parts';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';
import { useRecommendations } from './api';
import { reasonText } from './reason-text';

export interface ForYouPageProps {
  /** A story's card with its actions (the app composes it); `storyIds` are the page's. */
  renderStory: (story: Story, storyIds: readonly number[]) => ReactNode;
}

/**
 * /for-you: recent stories like the ones the person bookmarked, watched or wrote notes on, or their keyword alerts
 * name (docs/recommendations.md). Under each card, why it is here; the card itself stays as everywhere else.
 */
export function ForYouPage({ renderStory }: ForYouPageProps) {
  useDocumentTitle('For you');
  const recommendations = useRecommendations();
  const data = recommendations.data;
  const storyIds = useMemo(() => data?.recommendations.map((item) => item.story.id) ?? [], [data]);
  const signals = data ? data.basedOn.bookmarks + data.basedOn.watches + data.basedOn.notes + data.basedOn.alerts : 0;

  return (
    <div className="grid gap-5">
      <PageHeader icon={Sparkles} title="For you">
        <p className="text-sm text-muted-foreground" data-testid="for-you-basis">
          {data &&
            (signals === 0
              ? 'Recent stories picked from what you bookmark, watch and note, and your keyword alerts.'
              : `Recent stories picked from your ${[
                  formatCount(data.basedOn.bookmarks, 'bookmark', 'bookmarks'),
                  formatCount(data.basedOn.watches, 'watched story', 'watched stories'),
                  formatCount(data.basedOn.notes, 'note', 'notes'),
                  formatCount(data.basedOn.alerts, 'keyword alert', 'keyword alerts'),
                ].join(', ')}.`)}
        </p>
      </PageHeader>

      {recommendations.isPending ? (
        <ListSkeleton rows={6} label="Loading recommendations" />
      ) : recommendations.isError ? (
        <div className="grid justify-items-start gap-3">
          <Banner title="Could not load your recommendations">Please try again in a moment.</Banner>
          <Button variant="outline" onClick={() => void recommendations.refetch()}>
            Try Again
          </Button>
        </div>
      ) : !data ? null : data.recommendations.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border bg-card p-8 text-center" data-testid="for-you-empty">
          <Sparkles className="size-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{signals === 0 ? 'Nothing to go on yet' : 'Nothing new on your topics'}</h2>
          <p className="max-w-prose text-muted-foreground">
            {signals === 0
              ? 'Bookmark, watch or write notes on stories you like, or set a keyword alert, and stories like them show up here.'
              : 'No story of the last week shares a topic, site or author with what you follow. Check back later.'}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link href="/">Browse Stories</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/keywords">Keyword alerts</Link>
            </Button>
          </div>
        </div>
      ) : (
        <ol className="grid gap-4" aria-label="Recommended stories">
          {data.recommendations.map((item) => (
            <li key={item.story.id} className="grid gap-1.5" data-testid="recommendation">
              {renderStory(item.story, storyIds)}
              <ul className="grid gap-0.5 px-1 text-sm text-muted-foreground" aria-label={`Why “${item.story.title}” is here`}>
                {item.reasons.map((reason, index) => (
                  <li key={index} className="break-words">
                    {reasonText(reason)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
