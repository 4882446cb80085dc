import { Check, Copy, ExternalLink } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Story } from '#common/contracts/stories.ts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isUnauthorizedError } from '@/lib/api';
import { useCreateShareLink } from '../api';
import { SHARE_DESCRIPTION_MAX_LENGTH, SHARE_TITLE_MAX_LENGTH, sharePayload } from '../rules';

export interface ShareDialogProps {
  story: Pick<Story, 'id' | 'title'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close (the dialogs are opened by buttons that are not Radix triggers). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Share a story: a form (custom title and description), then the link with a copy action. Closing resets it. */
export function ShareDialog({ story, open, onOpenChange, onCloseAutoFocus }: ShareDialogProps) {
  const [title, setTitle] = useState(story.title);
  const [description, setDescription] = useState('');
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useCreateShareLink();
  const titleId = useId();
  const descriptionId = useId();
  const urlId = useId();

  const close = (next: boolean) => {
    if (!next) {
      setTitle(story.title);
      setDescription('');
      setShareUrl(null);
      setCopied(false);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(sharePayload(story, title, description), {
      onSuccess: ({ sharedLink }) => {
        setShareUrl(sharedLink.shareUrl);
        toast.success('Share link created');
      },
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast.error('Error', { description: 'Failed to create share link. Please try again.' });
      },
    });
  };

  const copy = async () => {
    if (!shareUrl) return;
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied(true);
      toast.success('Copied!', { description: 'Share URL copied to clipboard.' });
    } catch {
      toast.error('Failed to copy URL to clipboard.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Share Story</DialogTitle>
          <DialogDescription>
            {shareUrl ? 'Your share link is ready. Anyone with it can see the story and its preview card.' : 'Create a link with a preview card for this story.'}
          </DialogDescription>
        </DialogHeader>
        {shareUrl ? (
          <div className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={urlId}>Share link</Label>
              <div className="flex gap-2">
                <Input id={urlId} value={shareUrl} readOnly onFocus={(event) => event.target.select()} className="font-mono text-xs" />
                <Button onClick={() => void copy()} aria-label="Copy link">
                  {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
                </Button>
              </div>
            </div>
            <DialogFooter>
              <Button variant="outline" asChild>
                <a href={shareUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  Open link
                </a>
              </Button>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={titleId}>Title</Label>
              <Input id={titleId} value={title} onChange={(event) => setTitle(event.target.value)} maxLength={SHARE_TITLE_MAX_LENGTH} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={descriptionId}>Description (optional)</Label>
              <Textarea
                id={descriptionId}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                maxLength={SHARE_DESCRIPTION_MAX_LENGTH}
                rows={3}
                placeholder="Why is this worth reading?"
              />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create Share Link'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
