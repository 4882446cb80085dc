import { FolderPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { COLLECTION_NAME_MAX_LENGTH, type Collection } from '#common/contracts/collections.ts';
import type { Story } from '#common/contracts/stories.ts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isUnauthorizedError, messageOf } from '@/lib/api';
import { useCollections, useCreateCollection, useSetMembership } from './api';

/**
 * "Add to collection" for one story (the bookmarks page shows it under each card): a dialog of the person's
 * collections, each a checkbox that adds the story or takes it out at once, and a field to make a new one with it.
 */
export function AddToCollection({ story }: { story: Story }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Add to collection: “${story.title}”`}>
        <FolderPlus aria-hidden="true" /> Add to collection
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">{open && <CollectionChoices story={story} onDone={() => setOpen(false)} />}</DialogContent>
      </Dialog>
    </>
  );
}

function CollectionChoices({ story, onDone }: { story: Story; onDone: () => void }) {
  const collections = useCollections(story.id);
  const membership = useSetMembership();
  const create = useCreateCollection();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), error: useId() };
  const failed = (fallback: string) => (failure: unknown) => void (isUnauthorizedError(failure) || toast.error(messageOf(failure, fallback)));

  const createWithStory = () => {
    setError(null);
    create.mutate(
      { name },
      {
        onSuccess: ({ collection }) => {
          setName('');
          membership.mutate(
            { collectionId: collection.id, storyId: story.id, inside: true },
            { onSuccess: () => toast.success(`Added to “${collection.name}”`), onError: failed('Could not add the story.') },
          );
        },
        onError: (failure) => void (isUnauthorizedError(failure) || setError(messageOf(failure, 'Could not create the collection.'))),
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Add to collection</DialogTitle>
        <DialogDescription className="break-words">“{story.title}”</DialogDescription>
      </DialogHeader>
      {collections.isPending ? (
        <p className="text-sm text-muted-foreground" aria-busy="true">
          Loading your collections…
        </p>
      ) : collections.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load your collections.
        </p>
      ) : collections.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have no collections yet: name one below.</p>
      ) : (
        <fieldset className="grid max-h-64 gap-1 overflow-y-auto">
          <legend className="sr-only">Collections</legend>
          {collections.data.map((collection) => (
            <CollectionCheckbox key={collection.id} collection={collection} storyId={story.id} />
          ))}
        </fieldset>
      )}
      <form
        className="grid gap-1.5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          createWithStory();
        }}
      >
        <Label htmlFor={ids.name}>New collection</Label>
        <div className="flex gap-2">
          <Input
            id={ids.name}
            value={name}
            maxLength={COLLECTION_NAME_MAX_LENGTH}
            autoComplete="off"
            placeholder="Name"
            aria-invalid={error !== null || undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={create.isPending || name.trim() === ''}>
            Create and add
          </Button>
        </div>
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
      <DialogFooter className="items-center sm:justify-between">
        <Link href="/collections" className="text-sm underline underline-offset-2">
          Manage collections
        </Link>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}

/** One collection's box: it shows its new state at once; the server's answer (or a failure, which puts it back) follows. */
function CollectionCheckbox({ collection, storyId }: { collection: Collection; storyId: number }) {
  const membership = useSetMembership();
  const [pending, setPending] = useState<boolean | null>(null);
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-accent">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={pending ?? collection.containsStory ?? false}
        disabled={pending !== null}
        onChange={(event) => {
          const inside = event.target.checked;
          setPending(inside);
          membership.mutate(
            { collectionId: collection.id, storyId, inside },
            {
              onSuccess: () => toast.success(inside ? `Added to “${collection.name}”` : `Removed from “${collection.name}”`),
              onError: (failure) => void (isUnauthorizedError(failure) || toast.error(messageOf(failure, inside ? 'Could not add the story.' : 'Could not remove the story.'))),
              onSettled: () => setPending(null),
            },
          );
        }}
      />
      <span className="min-w-0 flex-1 break-words">{collection.name}</span>
      <span className="text-xs text-muted-foreground">{collection.storyCount}</span>
    </label>
  );
}
