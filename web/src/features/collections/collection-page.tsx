import { ArrowLeft, Copy, FolderOpen, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import type { Collection } from '#common/contracts/collections.ts';
import { formatCount } from '#common/rules/plural.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { Banner, ListSkeleton } from '@/components/page-parts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CollectionFields } from './collection-fields';
import { ApiError, isUnauthorizedError, messageOf } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { COLLECTIONS_PATH, useCollection, useDeleteCollection, useSetMembership, useSetSharing, useUpdateCollection } from './api';
import { CollectionStoryList, ExportLinks } from './story-list';

function BackToCollections() {
  return (
    <Link href="/collections" className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      All collections
    </Link>
  );
}

/** /collections/:id: one collection: rename, describe, share or stop sharing, export, remove stories, delete. */
export function CollectionPage({ id }: { id: number }) {
  const detail = useCollection(id);
  useDocumentTitle(detail.data ? detail.data.collection.name : 'Collection');
  const removeStory = useSetMembership();

  if (detail.isPending) return <ListSkeleton rows={5} label="Loading collection" />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="mx-auto grid max-w-3xl gap-4">
        <BackToCollections />
        <Banner title={missing ? 'Collection not found' : 'Could not load this collection'}>{missing ? 'It may have been deleted.' : 'Please try again in a moment.'}</Banner>
      </div>
    );
  }
  const { collection, items } = detail.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <BackToCollections />
      <PageHeader icon={FolderOpen} title={collection.name}>
        <p className="text-sm text-muted-foreground" data-testid="collection-count">
          {formatCount(collection.storyCount, 'story', 'stories')}
        </p>
      </PageHeader>
      <DetailsForm key={`${collection.name}\n${collection.description ?? ''}`} collection={collection} />
      <Sharing collection={collection} />
      <section className="grid gap-2" aria-labelledby="collection-export">
        <h2 id="collection-export" className="text-lg font-semibold">
          Export
        </h2>
        <ExportLinks base={`${COLLECTIONS_PATH}/${collection.id}/export`} label="Export this collection" />
      </section>
      <section className="grid gap-2" aria-labelledby="collection-stories">
        <h2 id="collection-stories" className="text-lg font-semibold">
          Stories
        </h2>
        {items.length === 0 ? (
          <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">
            No stories yet. Use “Add to collection” on{' '}
            <Link href="/bookmarks" className="underline underline-offset-2">
              your bookmarks
            </Link>
            .
          </p>
        ) : (
          <CollectionStoryList
            items={items}
            action={(item) => (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove “${item.story.title}” from this collection`}
                disabled={removeStory.isPending && removeStory.variables?.storyId === item.story.id}
                onClick={() =>
                  removeStory.mutate(
                    { collectionId: collection.id, storyId: item.story.id, inside: false },
                    { onError: (failure) => void (isUnauthorizedError(failure) || toast.error(messageOf(failure, 'Could not remove the story.'))) },
                  )
                }
              >
                Remove
              </Button>
            )}
          />
        )}
      </section>
      <DeleteCollection collection={collection} />
    </div>
  );
}

function DetailsForm({ collection }: { collection: Collection }) {
  const update = useUpdateCollection(collection.id);
  const [name, setName] = useState(collection.name);
  const [description, setDescription] = useState(collection.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), description: useId(), error: useId() };
  const changed = name.trim() !== collection.name || (description.trim() || null) !== collection.description;
  return (
    <form
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
      aria-label="Name and description"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        update.mutate(
          { name, description: description.trim() || null },
          {
            onSuccess: () => toast.success('Saved'),
            onError: (failure) => void (isUnauthorizedError(failure) || setError(messageOf(failure, 'Could not save. Please try again.'))),
          },
        );
      }}
    >
      <CollectionFields
        ids={ids}
        name={name}
        onNameChange={setName}
        description={description}
        onDescriptionChange={setDescription}
        error={error}
        descriptionLabel="Description"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending || !changed || name.trim() === ''}>
          Save
        </Button>
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}

function Sharing({ collection }: { collection: Collection }) {
  const sharing = useSetSharing(collection.id);
  const linkId = useId();
  const url = collection.shareUrl ? new URL(collection.shareUrl, window.location.origin).href : null;
  const set = (shared: boolean) =>
    sharing.mutate(shared, {
      onSuccess: () => toast.success(shared ? 'Anyone with the link can now see this collection' : 'The link no longer works'),
      onError: (failure) => void (isUnauthorizedError(failure) || toast.error(messageOf(failure, 'Could not change sharing. Please try again.'))),
    });
  return (
    <section className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm" aria-labelledby={`${linkId}-title`}>
      <h2 id={`${linkId}-title`} className="text-lg font-semibold">
        Sharing
      </h2>
      {url ? (
        <>
          <Label htmlFor={linkId}>Read-only link: anyone who has it can see this collection’s name, description and stories</Label>
          <div className="flex flex-wrap gap-2">
            <Input id={linkId} readOnly value={url} className="min-w-0 flex-1 basis-48" onFocus={(event) => event.currentTarget.select()} />
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard.writeText(url).then(
                  () => toast.success('Link copied'),
                  () => toast.error('Could not copy: select the link and copy it'),
                )
              }
            >
              <Copy aria-hidden="true" /> Copy link
            </Button>
            <Button variant="outline" disabled={sharing.isPending} onClick={() => set(false)}>
              Stop sharing
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">Only you can see this collection.</p>
          <Button disabled={sharing.isPending} onClick={() => set(true)}>
            Share read-only link
          </Button>
        </div>
      )}
    </section>
  );
}

function DeleteCollection({ collection }: { collection: Collection }) {
  const remove = useDeleteCollection();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  return (
    <div>
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" /> Delete collection
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this collection?"
        description={`“${collection.name}” and its share link go; its stories stay in your bookmarks.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(collection.id, {
            onSuccess: () => {
              toast.success(`Deleted “${collection.name}”`);
              navigate('/collections');
            },
            onError: (failure) => void (isUnauthorizedError(failure) || toast.error(messageOf(failure, 'Could not delete the collection.'))),
          })
        }
      />
    </div>
  );
}
