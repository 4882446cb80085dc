import { FolderOpen, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { MAX_COLLECTIONS } from '#common/contracts/collections.ts';
import { formatCount } from '#common/rules/plural.ts';
import { PageHeader } from '@/components/page-header';
import { Banner, ListSkeleton } from '@/components/page-parts';
import { Button } from '@/components/ui/button';
import { CollectionFields } from './collection-fields';
import { isUnauthorizedError, messageOf } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useCollections, useCreateCollection } from './api';

/** /collections: a person's named collections of stories, to create and open. Stories are added from Bookmarks. */
export function CollectionsPage() {
  useDocumentTitle('Collections');
  const collections = useCollections();
  const create = useCreateCollection();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), description: useId(), error: useId(), list: useId() };

  const submit = () => {
    setError(null);
    create.mutate(
      { name, description: description.trim() || null },
      {
        onSuccess: ({ collection }) => {
          setName('');
          setDescription('');
          toast.success(`Created “${collection.name}”`);
        },
        onError: (failure) => void (isUnauthorizedError(failure) || setError(messageOf(failure, 'Could not create the collection. Please try again.'))),
      },
    );
  };

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader icon={FolderOpen} title="Collections">
        <p className="text-muted-foreground">
          Named collections of stories: share one read-only by link, or export it as Markdown, CSV, JSON or browser bookmarks. Add stories from{' '}
          <Link href="/bookmarks" className="underline underline-offset-2">
            your bookmarks
          </Link>
          ; a story can be in several. At most {MAX_COLLECTIONS} collections.
        </p>
      </PageHeader>

      <form
        className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
        aria-label="New collection"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <CollectionFields
          ids={ids}
          name={name}
          onNameChange={setName}
          description={description}
          onDescriptionChange={setDescription}
          error={error}
          namePlaceholder="Reading list"
          descriptionLabel="Description (optional)"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            Create collection
          </Button>
          {error && (
            <p id={ids.error} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      </form>

      <section aria-labelledby={ids.list} className="grid gap-2">
        <h2 id={ids.list} className="text-lg font-semibold">
          Your collections{collections.data ? ` (${collections.data.length})` : ''}
        </h2>
        {collections.isPending ? (
          <ListSkeleton rows={3} label="Loading collections" />
        ) : collections.isError ? (
          <Banner title="Could not load your collections">Please try again in a moment.</Banner>
        ) : collections.data.length === 0 ? (
          <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">No collections yet. Create one above, then add stories from your bookmarks.</p>
        ) : (
          <ul className="divide-y rounded-xl border bg-card" aria-label="Your collections">
            {collections.data.map((collection) => (
              <li key={collection.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <div className="grid min-w-0 gap-0.5">
                  <Link href={`/collections/${collection.id}`} className="font-medium break-words hover:underline">
                    {collection.name}
                  </Link>
                  {collection.description && <p className="text-sm break-words text-muted-foreground">{collection.description}</p>}
                </div>
                <span className="flex items-center gap-2 text-sm text-muted-foreground">
                  {collection.shareToken && (
                    <span className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs">
                      <Link2 className="size-3" aria-hidden="true" /> Shared
                    </span>
                  )}
                  {formatCount(collection.storyCount, 'story', 'stories')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
