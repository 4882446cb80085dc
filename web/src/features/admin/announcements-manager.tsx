import { Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { AdminAnnouncement } from '#common/contracts/admin.ts';
import { ANNOUNCEMENT_MESSAGE_MAX, ANNOUNCEMENT_TITLE_MAX } from '#common/contracts/admin.ts';
import { ANNOUNCEMENT_TYPES } from '#common/contracts/site.ts';
import { SwitchRow } from '@/components/form-rows';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { isUnauthorizedError } from '@/lib/api';
import { useSanitizedHtml } from '@/lib/use-sanitized-html';
import { EmptyState, formatDateTime, LoadFailed } from '@/components/admin-page';
import { useAdminAnnouncements, useCreateAnnouncement, useDeleteAnnouncement, useUpdateAnnouncement, type AnnouncementDraft } from './api';

const TYPE_LABELS: Record<AdminAnnouncement['type'], string> = { info: 'Info', warning: 'Warning', error: 'Error', success: 'Success' };
const TYPE_OPTIONS = ANNOUNCEMENT_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

const EMPTY_DRAFT: AnnouncementDraft = { title: '', message: '', type: 'info', isActive: true, isPersistent: false, startDate: null, endDate: null };

/** An ISO time as the value of a datetime-local field (the reader's local time), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

/** The settings page's Announcements tab: the list with edit and delete, and the create/edit dialog. */
export function AnnouncementsManager() {
  const announcements = useAdminAnnouncements();
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  return (
    <div className="grid gap-3">
      <Button className="w-fit" onClick={() => setEditing('new')}>
        <Plus aria-hidden="true" /> New Announcement
      </Button>
      {announcements.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading announcements">
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} className="h-24 w-full rounded-lg" />
          ))}
        </div>
      ) : announcements.isError ? (
        <LoadFailed text="Failed to load announcements. Please try again." onRetry={() => void announcements.refetch()} />
      ) : announcements.data.announcements.length === 0 ? (
        <EmptyState icon={Megaphone} text="No announcements yet." />
      ) : (
        <ul className="grid gap-2" aria-label="Announcements">
          {announcements.data.announcements.map((announcement) => (
            <li key={announcement.id}>
              <AnnouncementCard announcement={announcement} onEdit={() => setEditing(announcement)} />
            </li>
          ))}
        </ul>
      )}
      {editing !== null && <AnnouncementDialog announcement={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function AnnouncementCard({ announcement, onEdit }: { announcement: AdminAnnouncement; onEdit: () => void }) {
  const html = useSanitizedHtml(announcement.message);
  const remove = useDeleteAnnouncement();
  const [confirming, setConfirming] = useState(false);
  const onDelete = () =>
    remove.mutate(announcement.id, {
      onSuccess: () => toast.success('Success', { description: 'Announcement deleted successfully.' }),
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast.error('Error', { description: 'Failed to delete announcement.' });
      },
      onSettled: () => setConfirming(false),
    });
  return (
    <article className="grid gap-1.5 rounded-lg border bg-card p-3 text-sm" aria-label={announcement.title}>
      <div className="flex flex-wrap items-center gap-1.5">
        <h3 className="font-semibold">{announcement.title}</h3>
        <Badge variant="outline">{TYPE_LABELS[announcement.type]}</Badge>
        <Badge variant={announcement.isActive ? 'velocity' : 'outline'}>{announcement.isActive ? 'Active' : 'Inactive'}</Badge>
        {announcement.isPersistent && <Badge variant="outline">Persistent</Badge>}
      </div>
      {html !== null && <div className="announcement-html [&_a]:underline" dangerouslySetInnerHTML={{ __html: html }} />}
      <p className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
        <span>Created {formatDateTime(announcement.createdAt)}</span>
        {announcement.startDate && <span>From {formatDateTime(announcement.startDate)}</span>}
        {announcement.endDate && <span>Until {formatDateTime(announcement.endDate)}</span>}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${announcement.title}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={`Delete ${announcement.title}`}>
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete announcement"
        description="Are you sure you want to delete this announcement?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </article>
  );
}

function AnnouncementDialog({ announcement, onClose }: { announcement: AdminAnnouncement | null; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<AnnouncementDraft>(() => {
    if (!announcement) return EMPTY_DRAFT;
    const { title, message, type, isActive, isPersistent, startDate, endDate } = announcement;
    return { title, message, type, isActive, isPersistent, startDate, endDate };
  });
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof AnnouncementDraft>(key: K, value: AnnouncementDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim() || !draft.message.trim()) {
      toast.error('Validation Error', { description: 'Title and message are required.' });
      return;
    }
    const options = (success: string, failure: string) => ({
      onSuccess: () => {
        toast.success('Success', { description: success });
        onClose();
      },
      onError: (error: Error) => {
        if (!isUnauthorizedError(error)) toast.error('Error', { description: failure });
      },
    });
    if (announcement) update.mutate({ id: announcement.id, draft }, options('Announcement updated successfully.', 'Failed to update announcement.'));
    else create.mutate(draft, options('Announcement created successfully.', 'Failed to create announcement.'));
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{announcement ? 'Edit Announcement' : 'Create Announcement'}</DialogTitle>
          <DialogDescription>Shown above the story list while active and within its dates. The message may use simple HTML.</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={onSubmit} className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input id={`${id}-title`} value={draft.title} maxLength={ANNOUNCEMENT_TITLE_MAX} onChange={(event) => set('title', event.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea id={`${id}-message`} value={draft.message} maxLength={ANNOUNCEMENT_MESSAGE_MAX} onChange={(event) => set('message', event.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-type`}>Type</Label>
            <NativeSelect id={`${id}-type`} value={draft.type} options={TYPE_OPTIONS} onChange={(event) => set('type', event.target.value as AnnouncementDraft['type'])} />
          </div>
          <SwitchRow label="Active" checked={draft.isActive} onCheckedChange={(checked) => set('isActive', checked)} />
          <SwitchRow label="Persistent" description="Cannot be dismissed" checked={draft.isPersistent} onCheckedChange={(checked) => set('isPersistent', checked)} />
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-start`}>Start date (optional)</Label>
              <Input id={`${id}-start`} type="datetime-local" value={toLocalInput(draft.startDate)} onChange={(event) => set('startDate', fromLocalInput(event.target.value))} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-end`}>End date (optional)</Label>
              <Input id={`${id}-end`} type="datetime-local" value={toLocalInput(draft.endDate)} onChange={(event) => set('endDate', fromLocalInput(event.target.value))} />
            </div>
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={pending}>
            {announcement ? 'Save Changes' : 'Create'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
