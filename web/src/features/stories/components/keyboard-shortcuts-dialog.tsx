import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { KEYBOARD_SHORTCUTS } from '../keyboard-reader';

export interface KeyboardShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Radix's close focus handling; the list gives focus back itself (the dialog has no trigger to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/** The `?` dialog: every key of the keyboard reader and what it does. Loaded on first open. */
export function KeyboardShortcutsDialog({ open, onOpenChange, onCloseAutoFocus }: KeyboardShortcutsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>On the story list, when no field is being typed in.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {KEYBOARD_SHORTCUTS.map(({ key, description }) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="inline-flex min-w-7 justify-center rounded-md border bg-muted px-2 py-0.5 font-mono text-sm shadow-sm">{key}</kbd>
              </dt>
              <dd>{description}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
