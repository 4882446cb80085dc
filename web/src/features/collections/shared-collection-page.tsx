import { FolderOpen } from 'lucide-react';
import { formatCount } from '#common/rules/plural.ts';
import { PageHeader } from '@/components/page-header';
import { Banner, ListSkeleton } from '@/components/page-parts';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useSharedCollection } from './api';
import { CollectionStoryList, ExportLinks } from './story-list';

/** /c/:token: a collection someone shared, read-only, for anyone with the link (signed in or not). */
export function SharedCollectionPage({ token }: { token: string }) {
  const shared = useSharedCollection(token);
  useDocumentTitle(shared.data ? shared.data.name : 'Shared collection');

  if (shared.isPending) return <ListSkeleton rows={5} label="Loading collection" />;
  if (shared.isError) {
    const gone = shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.status === 400);
    return (
      <div className="mx-auto grid max-w-3xl gap-4">
        <Banner title={gone ? 'This collection is not shared' : 'Could not load this collection'}>
          {gone ? 'The link may have been revoked by its owner, or mistyped.' : 'Please try again in a moment.'}
        </Banner>
      </div>
    );
  }
  const collection = shared.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader icon={FolderOpen} title={collection.name}>
        <p className="text-sm text-muted-foreground">
          {[collection.owner ? `Shared by ${collection.owner}` : 'Shared', formatCount(collection.storyCount, 'story', 'stories')].join(' · ')}
        </p>
        {collection.description && <p className="break-words">{collection.description}</p>}
      </PageHeader>
      {collection.items.length === 0 ? (
        <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">This collection has no stories yet.</p>
      ) : (
        <CollectionStoryList items={collection.items} />
      )}
      <section className="grid gap-2" aria-labelledby="shared-export">
        <h2 id="shared-export" className="text-lg font-semibold">
          Export
        </h2>
        <ExportLinks base={`/api/shared-collections/${encodeURIComponent(token)}/export`} label="Export this collection" />
      </section>
    </div>
  );
}
