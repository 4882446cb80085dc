import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CollectionItem } from '#common/contracts/collections.ts';
import { EXPORT_FORMATS, type ExportFormat } from '#common/contracts/collections.ts';
import { storyLinkUrl, storyPagePath } from '#common/rules/links.ts';
import { formatCount } from '#common/rules/plural.ts';

/** The export formats as the pages name them. */
export const FORMAT_NAMES: Record<ExportFormat, string> = { markdown: 'Markdown', csv: 'CSV', json: 'JSON', html: 'Bookmarks (HTML)', opml: 'OPML' };

/** A collection's stories: title (to the article), site, points and comments, the story page; `action` per story. */
export function CollectionStoryList({ items, action }: { items: CollectionItem[]; action?: (item: CollectionItem) => ReactNode }) {
  return (
    <ol className="divide-y rounded-xl border bg-card" aria-label="Stories in this collection">
      {items.map((item) => (
        <li key={item.story.id} className="flex flex-wrap items-start justify-between gap-2 px-4 py-3" data-testid="collection-story">
          <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
            <a href={storyLinkUrl(item.story)} target="_blank" rel="noopener noreferrer" className="font-medium break-words hover:underline">
              {item.story.title}
            </a>
            <p className="text-xs text-muted-foreground">
              {[item.story.domain, formatCount(item.story.score, 'point', 'points'), formatCount(item.story.descendants, 'comment', 'comments'), `by ${item.story.by}`]
                .filter(Boolean)
                .join(' · ')}{' '}
              · <Link href={storyPagePath(item.story.id)} className="underline-offset-2 hover:underline">History</Link>
            </p>
          </div>
          {action?.(item)}
        </li>
      ))}
    </ol>
  );
}

/** Download links, one a format, to `base`?format=… */
export function ExportLinks({ base, label }: { base: string; label: string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {EXPORT_FORMATS.map((format) => (
        <a
          key={format}
          href={`${base}?format=${format}`}
          download
          className="inline-flex h-8 items-center rounded-md border border-input bg-background px-3 text-xs font-medium shadow-sm hover:bg-accent hover:text-accent-foreground"
        >
          {FORMAT_NAMES[format]}
        </a>
      ))}
    </nav>
  );
}
