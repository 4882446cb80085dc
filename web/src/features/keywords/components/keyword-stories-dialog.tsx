import { MessageSquare, Triangle } from 'lucide-react';
import { KEYWORD_PERIOD_LABELS, type KeywordPeriod } from '#common/rules/keyword-trends.ts';
import { itemPageUrl, storyLinkUrl } from '#common/rules/links.ts';
import { formatCount } from '#common/rules/plural.ts';
import { keywordFeedAddress } from '#common/rules/feed-links.ts';
import { FeedButton } from '@/components/feed-button';
import { MetaItem } from '@/components/meta-item';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useKeywordStories } from '../api';

export interface KeywordStoriesDialogProps {
  keyword: { id: number; keyword: string } | null;
  period: KeywordPeriod;
  onClose: () => void;
}

/** The stories behind a keyword in the period, with links: why it is hot. */
export function KeywordStoriesDialog({ keyword, period, onClose }: KeywordStoriesDialogProps) {
  const stories = useKeywordStories(keyword?.id ?? null, period);
  const feed = keyword ? keywordFeedAddress(keyword.keyword) : null;
  return (
    <Dialog open={keyword !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Stories mentioning “{keyword?.keyword}”</DialogTitle>
          <DialogDescription>{KEYWORD_PERIOD_LABELS[period]}, best scored first.</DialogDescription>
        </DialogHeader>
        {feed && keyword && (
          <div>
            <FeedButton address={feed} subject={`“${keyword.keyword}”`} />
          </div>
        )}
        {stories.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading stories">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-12 w-full" />
            ))}
          </div>
        ) : stories.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Unable to load the stories for this keyword. Please try again later.
          </p>
        ) : stories.data.stories.length === 0 ? (
          <p className="text-sm text-muted-foreground">No stories mention it in this period.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Stories">
            {stories.data.stories.map((story) => (
              <li key={story.id} className="grid gap-1 border-b pb-2 last:border-b-0">
                <a href={storyLinkUrl(story)} target="_blank" rel="noopener noreferrer" className="font-medium hover:text-primary hover:underline">
                  {story.title}
                </a>
                <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground">
                  <MetaItem icon={Triangle} iconClassName="fill-current text-primary">
                    {formatCount(story.score, 'point')}
                  </MetaItem>
                  <a href={itemPageUrl(story.hnId)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 hover:underline">
                    <MessageSquare className="size-3.5" aria-hidden="true" />
                    {formatCount(story.descendants, 'comment')}
                  </a>
                </p>
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
