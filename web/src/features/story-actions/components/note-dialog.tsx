import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Note } from '#common/contracts/actions.ts';
import type { Story } from '#common/contracts/stories.ts';
import { NOTE_MAX_LENGTH } from '#common/rules/limits.ts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, getJson, handledAsUnauthorized, isUnauthorizedError, messageOf } from '@/lib/api';
import { cn } from '@/lib/utils';
import { notePath, useNoteMutation, type NoteAction } from '../api';
import { noteCounterTone, noteRemaining } from '../rules';

/** Spec part 1 §2: the note is fetched on open when the local note is empty, after 100 ms. */
export const NOTE_FETCH_DELAY_MS = 100;

export interface NoteDialogProps {
  story: Pick<Story, 'id' | 'title'>;
  /**
   * The notes batch check found no note for the story: opening asks nothing (the note call would answer 404,
   * which the browser logs as an error although "no note yet" is the ordinary case).
   */
  knownToHaveNone?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close (the dialogs are opened by buttons that are not Radix triggers). */
  onCloseAutoFocus?: (event: Event) => void;
}

const TONE_CLASSES = {
  normal: 'text-muted-foreground',
  warn: 'text-orange-700 dark:text-orange-400',
  danger: 'text-red-700 dark:text-red-400',
} as const;

const SUCCESS: Record<NoteAction, string> = { create: 'Note saved', update: 'Note updated', delete: 'Note deleted' };
const FAILURE: Record<NoteAction, string> = { create: 'Failed to save note', update: 'Failed to update note', delete: 'Failed to delete note' };

/** Add or edit a private note: create when none exists, update when one does, delete available. */
export function NoteDialog({ story, knownToHaveNone = false, open, onOpenChange, onCloseAutoFocus }: NoteDialogProps) {
  const [text, setText] = useState('');
  const [stored, setStored] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Typed since the dialog opened: the fetched note (or its absence) must not overwrite what the person wrote.
  const edited = useRef(false);
  const mutation = useNoteMutation(story.id);
  const textId = useId();
  const counterId = useId();

  useEffect(() => {
    if (!open || text !== '') return;
    edited.current = false;
    if (knownToHaveNone) {
      setStored(null);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      setLoading(true);
      getJson<{ note: Note }>(notePath(story.id))
        .then(({ note }) => {
          if (cancelled) return;
          if (!edited.current) setText(note.note);
          setStored(note.note);
        })
        .catch((error: unknown) => {
          if (cancelled || handledAsUnauthorized(error)) return;
          if (error instanceof ApiError && error.status >= 500) toast.error('Failed to load note');
          else {
            // Spec part 1 §4: other load failures (a 404: no note yet) silently clear the note.
            if (!edited.current) setText('');
            setStored(null);
          }
        })
        .finally(() => !cancelled && setLoading(false));
    }, NOTE_FETCH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Only opening asks; typing does not (so `text` is read, not watched).
  }, [open, story.id, knownToHaveNone]);

  const exists = stored !== null;
  const trimmed = text.trim();
  const tone = noteCounterTone(text.length);

  const run = (action: NoteAction) =>
    mutation.mutate(
      { action, note: trimmed },
      {
        onSuccess: () => {
          toast.success(SUCCESS[action]);
          if (action === 'delete') {
            setText('');
            setStored(null);
          } else {
            setStored(trimmed);
            setText(trimmed);
          }
          onOpenChange(false);
        },
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast.error(messageOf(error, FAILURE[action]));
        },
      },
    );

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || text.length > NOTE_MAX_LENGTH) return;
    run(exists ? 'update' : 'create');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={save} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{exists ? 'Edit Note' : 'Add Note'}</DialogTitle>
            <DialogDescription>A private note on “{story.title}”. Only you can see it.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={textId}>Note</Label>
            <Textarea
              id={textId}
              value={text}
              onChange={(event) => {
                edited.current = true;
                setText(event.target.value);
              }}
              maxLength={NOTE_MAX_LENGTH}
              rows={6}
              placeholder={loading ? 'Loading your note...' : 'Write your thoughts about this story...'}
              aria-describedby={counterId}
              aria-busy={loading || undefined}
            />
            <div id={counterId} className={cn('flex justify-between text-xs', TONE_CLASSES[tone])} data-tone={tone} data-testid="note-counter">
              <span aria-live="polite">{tone !== 'normal' ? `${noteRemaining(text.length)} characters remaining` : ''}</span>
              <span>
                {text.length}/{NOTE_MAX_LENGTH}
              </span>
            </div>
          </div>
          <DialogFooter className="sm:justify-between">
            {exists ? (
              <Button variant="destructive" onClick={() => run('delete')} disabled={mutation.isPending}>
                Delete Note
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={trimmed === '' || mutation.isPending}>
                {exists ? 'Update Note' : 'Save Note'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
