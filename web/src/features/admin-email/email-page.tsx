import { useState } from 'react';
import { Mail, Send } from 'lucide-react';
import { toast } from 'sonner';
import { emailKindLabel } from '#common/rules/email.ts';
import { EMAIL_KINDS, EMAIL_STATUSES, TEST_EMAIL_TYPES, type EmailKind, type EmailStatus, type TestEmailType } from '#common/rules/limits.ts';
import { AdminPage } from '@/components/admin-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError, messageOf } from '@/lib/api';
import { useEmailLogs, useEmailStatus, useSendTestEmail, useSendWeeklyDigest } from './api';
import { ScrollBox } from '@/components/admin-page';
import { dateTime, Empty, Failed, Loading, Pager, Section } from './shared';

const TEST_LABELS: Readonly<Record<TestEmailType, string>> = {
  'keyword-alert': 'Keyword alert',
  'weekly-digest': 'Weekly digest',
  'prediction-alert': 'Prediction alert',
  'watch-notification': 'Watch notification',
  welcome: 'Welcome',
};

const STATUS_VARIANT: Readonly<Record<EmailStatus, string>> = {
  sent: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  sending: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  skipped: 'bg-muted text-muted-foreground',
};

/** /admin/email (spec part 2 §2.9): delivery status, a test email, the weekly newsletter now, the activity log. */
export function AdminEmailPage() {
  return (
    <AdminPage title="Email Management" icon={Mail} level="admin" subtitle="Delivery status, test emails, the weekly newsletter and every email sent.">
      {() => (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <ServiceStatus />
            <Actions />
          </div>
          <EmailLog />
        </>
      )}
    </AdminPage>
  );
}

function ServiceStatus() {
  const status = useEmailStatus();
  return (
    <Section title="Service status">
      {status.isPending ? (
        <Loading label="Loading email status" rows={2} />
      ) : status.isError ? (
        <Failed message="Failed to load email status" onRetry={() => void status.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Delivery</dt>
            <dd>
              <Badge className={status.data.enabled ? STATUS_VARIANT.sent : STATUS_VARIANT.failed}>{status.data.enabled ? 'Enabled' : 'Disabled'}</Badge>
            </dd>
            <dt className="text-muted-foreground">From</dt>
            <dd className="break-all">{status.data.fromEmail}</dd>
            <dt className="text-muted-foreground">In the outbox</dt>
            <dd>{status.data.queued}</dd>
          </dl>
          {status.data.note && (
            <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {status.data.note}
            </p>
          )}
        </>
      )}
    </Section>
  );
}

function Actions() {
  const status = useEmailStatus();
  const [type, setType] = useState<TestEmailType | ''>('');
  const sendTest = useSendTestEmail();
  const sendDigest = useSendWeeklyDigest();
  const enabled = status.data?.enabled ?? false;

  const test = () => {
    if (!type) return void toast.error('Select email type', { description: 'Please select an email type to test' });
    sendTest.mutate(type, {
      onSuccess: (result) =>
        result.success ? toast.success('Test email sent', { description: result.message }) : toast.error('Failed to send test email', { description: result.message || 'Unknown error occurred' }),
      onError: (error) => toast.error('Error sending test email', { description: messageOf(error, 'Unknown error occurred') }),
    });
  };

  const digest = (force: boolean) => {
    if (!window.confirm(force ? 'This week’s newsletter was already sent. Send it to every subscriber again?' : 'Send the weekly newsletter to every subscriber now?')) return;
    sendDigest.mutate(force, {
      onSuccess: (result) => toast.success('Weekly digest sent', { description: result.message }),
      onError: (error) => {
        if (!force && error instanceof ApiError && error.status === 409) return digest(true);
        toast.error('Failed to send weekly newsletter', { description: messageOf(error, 'Error sending weekly newsletter') });
      },
    });
  };

  return (
    <Section title="Send">
      <div className="grid gap-2">
        <Label htmlFor="test-type">Test email to yourself</Label>
        <div className="flex flex-wrap gap-2">
          <NativeSelect
            id="test-type"
            className="min-w-48 flex-1"
            value={type}
            onChange={(event) => setType(event.target.value as TestEmailType | '')}
            options={[{ value: '', label: 'Select email type' }, ...TEST_EMAIL_TYPES.map((value) => ({ value, label: TEST_LABELS[value] }))]}
          />
          <Button onClick={test} disabled={!enabled || sendTest.isPending}>
            <Send className="size-4" aria-hidden="true" />
            Send Test
          </Button>
        </div>
      </div>
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">The weekly newsletter goes out on Sundays by itself; send this week’s now if you need to.</p>
        <Button variant="outline" className="w-fit" onClick={() => digest(false)} disabled={sendDigest.isPending}>
          Send Weekly Newsletter Now
        </Button>
      </div>
    </Section>
  );
}

function EmailLog() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const [kind, setKind] = useState<EmailKind | ''>('');
  const logs = useEmailLogs({ page, status, kind });
  return (
    <Section
      title="Email activity"
      actions={
        <div className="flex flex-wrap gap-2">
          <NativeSelect
            aria-label="Filter by status"
            value={status}
            onChange={(event) => (setStatus(event.target.value as EmailStatus | ''), setPage(1))}
            options={[{ value: '', label: 'All statuses' }, ...EMAIL_STATUSES.map((value) => ({ value, label: value }))]}
          />
          <NativeSelect
            aria-label="Filter by type"
            value={kind}
            onChange={(event) => (setKind(event.target.value as EmailKind | ''), setPage(1))}
            options={[{ value: '', label: 'All types' }, ...EMAIL_KINDS.map((value) => ({ value, label: emailKindLabel(value) }))]}
          />
        </div>
      }
    >
      {logs.isPending ? (
        <Loading label="Loading email activity" rows={5} />
      ) : logs.isError ? (
        <Failed message="Failed to load email activity" onRetry={() => void logs.refetch()} />
      ) : logs.data.logs.length === 0 ? (
        <Empty>No emails yet.</Empty>
      ) : (
        <>
          <ScrollBox label="Email log table">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Emails, newest first</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">Status</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Type</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Recipient</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Subject</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Sent</th>
                </tr>
              </thead>
              <tbody>
                {logs.data.logs.map((log) => (
                  <tr key={log.id} className="border-t align-top">
                    <td className="py-1 pr-3">
                      <Badge className={STATUS_VARIANT[log.status]}>{log.status}</Badge>
                    </td>
                    <td className="py-1 pr-3 whitespace-nowrap">{emailKindLabel(log.emailType)}</td>
                    <td className="py-1 pr-3 break-all">{log.recipientEmail}</td>
                    <td className="py-1 pr-3">
                      {log.subject}
                      {log.errorMessage && <span className="block text-xs text-muted-foreground">{log.errorMessage}</span>}
                    </td>
                    <td className="py-1 pr-3 whitespace-nowrap">{dateTime(log.sentAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <Pager page={page} totalPages={logs.data.pagination.totalPages} onPage={setPage} label="Email activity pages" />
        </>
      )}
    </Section>
  );
}
