import { Check, Inbox, Mail, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { ContactMessageAdmin } from '#common/contracts/admin.ts';
import { PaginationBar } from '@/components/pagination-bar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { isUnauthorizedError } from '@/lib/api';
import { AdminPage, EmptyState, formatDateTime, LoadFailed } from '@/components/admin-page';
import { useContactMessages, useSetHandled, type ContactStatus } from './api';

const STATUS_OPTIONS: { value: ContactStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All messages' },
];

/** /admin/contact: messages sent through /contact, newest first, for admins to answer by email and mark handled. */
export function AdminContactPage() {
  return (
    <AdminPage title="Contact Messages" icon={Inbox} level="admin">
      {() => <Messages />}
    </AdminPage>
  );
}

function Messages() {
  const id = useId();
  const [status, setStatus] = useState<ContactStatus>('open');
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page, status);
  return (
    <div className="grid gap-3">
      <div className="grid w-fit gap-1">
        <Label htmlFor={`${id}-status`}>Show</Label>
        <NativeSelect
          id={`${id}-status`}
          className="w-44"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(event) => {
            setStatus(event.target.value as ContactStatus);
            setPage(1);
          }}
        />
      </div>
      {messages.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading messages">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-28 w-full rounded-lg" />
          ))}
        </div>
      ) : messages.isError ? (
        <LoadFailed text="Failed to load contact messages. Please try again." onRetry={() => void messages.refetch()} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">Messages are deleted {messages.data.retentionDays} days after they arrive.</p>
          {messages.data.messages.length === 0 ? (
            <EmptyState icon={Inbox} text="No messages here." />
          ) : (
            <ol className="grid gap-2" aria-label="Contact messages">
              {messages.data.messages.map((message) => (
                <li key={message.id}>
                  <MessageCard message={message} />
                </li>
              ))}
            </ol>
          )}
          <PaginationBar page={messages.data.pagination.currentPage} totalPages={messages.data.pagination.totalPages} onPageChange={setPage} />
        </>
      )}
    </div>
  );
}

function MessageCard({ message }: { message: ContactMessageAdmin }) {
  const setHandled = useSetHandled();
  const handled = message.handledAt !== null;
  const toggle = () =>
    setHandled.mutate(
      { id: message.id, handled: !handled },
      {
        onSuccess: () => toast.success(handled ? 'Marked as open' : 'Marked as handled'),
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast.error('Error', { description: 'Failed to update the message. Please try again.' });
        },
      },
    );
  const reply = `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <article className="grid gap-1.5 rounded-lg border bg-card p-3 text-sm" aria-label={message.subject}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{message.subject}</h2>
        {handled && <Badge variant="outline">Handled</Badge>}
        <time className="ml-auto text-xs text-muted-foreground" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      <p className="text-muted-foreground">
        {message.name} &lt;{message.email}&gt;
      </p>
      <p className="whitespace-pre-wrap break-words">{message.message}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={reply}>
            <Mail aria-hidden="true" /> Reply by email
          </a>
        </Button>
        <Button size="sm" variant={handled ? 'outline' : 'default'} disabled={setHandled.isPending} onClick={toggle}>
          {handled ? <RotateCcw aria-hidden="true" /> : <Check aria-hidden="true" />}
          {handled ? 'Mark as open' : 'Mark as handled'}
        </Button>
      </div>
    </article>
  );
}
