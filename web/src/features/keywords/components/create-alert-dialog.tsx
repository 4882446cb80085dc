import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { KEYWORD_REQUIRED_MESSAGE } from '#common/contracts/keywords.ts';
import { KEYWORD_MAX_LENGTH } from '#common/rules/keywords.ts';
import { ALERT_THRESHOLD_DEFAULT, ALERT_THRESHOLD_MAX, ALERT_THRESHOLD_MIN } from '#common/rules/limits.ts';
import { normaliseAlertThreshold } from '#common/rules/numbers.ts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isUnauthorizedError, messageOf } from '@/lib/api';
import { useCreateAlert } from '../api';

export interface CreateAlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The keyword to start with (a hot keyword's plus button); empty from 'New Alert'. */
  initialKeyword: string;
}

/** The create-alert dialog (spec part 1 §2, §5): keyword required after trimming; threshold 1-100, 5 when not a number. */
export function CreateAlertDialog({ open, onOpenChange, initialKeyword }: CreateAlertDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted per opening, so each opening starts from its keyword and a clean form. */}
        {open && <AlertForm initialKeyword={initialKeyword} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AlertForm({ initialKeyword, onDone }: { initialKeyword: string; onDone: () => void }) {
  const [keyword, setKeyword] = useState(initialKeyword);
  const [threshold, setThreshold] = useState(String(ALERT_THRESHOLD_DEFAULT));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAlert();
  const keywordId = useId();
  const thresholdId = useId();
  const shownThreshold = normaliseAlertThreshold(threshold);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    if (!trimmed) {
      setError(KEYWORD_REQUIRED_MESSAGE);
      return;
    }
    create.mutate(
      { keyword: trimmed, threshold: shownThreshold },
      {
        onSuccess: () => {
          toast.success('Alert created', { description: `You will be alerted about "${trimmed}".` });
          onDone();
        },
        onError: (failure) => {
          if (isUnauthorizedError(failure)) return;
          const reason = messageOf(failure, '');
          toast.error('Failed to create keyword alert. Please try again.', reason ? { description: reason } : undefined);
          if (reason) setError(reason);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Create Keyword Alert</DialogTitle>
        <DialogDescription>
          The alert fires when the keyword appears in {shownThreshold} or more stories within 24 hours.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={keywordId}>Keyword</Label>
        <Input
          id={keywordId}
          value={keyword}
          maxLength={KEYWORD_MAX_LENGTH}
          placeholder="e.g. Rust, machine learning"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${keywordId}-error` : undefined}
          autoFocus
          onChange={(event) => {
            setKeyword(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${keywordId}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={thresholdId}>Threshold</Label>
        <Input
          id={thresholdId}
          type="number"
          inputMode="numeric"
          min={ALERT_THRESHOLD_MIN}
          max={ALERT_THRESHOLD_MAX}
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
        />
        <p className="text-sm text-muted-foreground">
          Stories mentioning the keyword, {ALERT_THRESHOLD_MIN} to {ALERT_THRESHOLD_MAX}.
        </p>
      </div>
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Alert'}
        </Button>
      </DialogFooter>
    </form>
  );
}
