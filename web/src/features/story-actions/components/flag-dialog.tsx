import { AlertTriangle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Story } from '#common/contracts/stories.ts';
import { FLAG_REASON_MAX_LENGTH, FLAG_TYPE_LABELS, FLAG_TYPES, type FlagType } from '#common/rules/limits.ts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isUnauthorizedError, messageOf } from '@/lib/api';
import { useFlagStory } from '../api';

export interface FlagDialogProps {
  story: Pick<Story, 'id' | 'title'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close (the dialogs are opened by buttons that are not Radix triggers). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Flag a story for the moderators: a type is required, details are optional (at most 500 characters). */
export function FlagDialog({ story, open, onOpenChange, onCloseAutoFocus }: FlagDialogProps) {
  const [flagType, setFlagType] = useState<FlagType | null>(null);
  const [reason, setReason] = useState('');
  const flag = useFlagStory(story.id);
  const reasonId = useId();
  const counterId = useId();
  const name = useId();

  const close = (next: boolean) => {
    if (!next) {
      setFlagType(null);
      setReason('');
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!flagType) {
      toast.error('Flag Type Required', { description: 'Please select a reason for flagging this content.' });
      return;
    }
    flag.mutate(
      { flagType, reason },
      {
        onSuccess: () => {
          toast.success('Content Flagged', {
            description: 'Thank you for helping keep the community safe. The content has been flagged for review.',
          });
          close(false);
        },
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast.error(messageOf(error, 'Failed to flag content. Please try again.'));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Flag Content</DialogTitle>
            <DialogDescription>Tell the moderators what is wrong with “{story.title}”.</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Reason for flagging</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {FLAG_TYPES.map((type) => (
                <label
                  key={type}
                  className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input
                    type="radio"
                    name={name}
                    value={type}
                    checked={flagType === type}
                    onChange={() => setFlagType(type)}
                    className="size-4 accent-primary"
                  />
                  {FLAG_TYPE_LABELS[type]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={reasonId}>Additional details (optional)</Label>
            <Textarea
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={FLAG_REASON_MAX_LENGTH}
              rows={3}
              placeholder="Anything that helps the moderators decide"
              aria-describedby={counterId}
            />
            <p id={counterId} className="text-right text-xs text-muted-foreground" data-testid="flag-counter">
              {reason.length}/{FLAG_REASON_MAX_LENGTH}
            </p>
          </div>
          <p role="note" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>Moderators review every flag. False flags may lead to restrictions on your account.</span>
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={flag.isPending}>
              Submit Flag
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
