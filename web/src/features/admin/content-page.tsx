import { BarChart3, Check, ExternalLink, EyeOff, Flag, Trash2, Users, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminFlag } from '#common/contracts/admin.ts';
import type { FlagStatusFilter } from '#common/rules/admin.ts';
import { FLAG_TYPE_LABELS } from '#common/rules/limits.ts';
import { storyLinkUrl } from '#common/rules/links.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PaginationBar } from '@/components/pagination-bar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isUnauthorizedError } from '@/lib/api';
import { AdminPage, EmptyState, formatDateTime, LoadFailed } from '@/components/admin-page';
import { useContentFlags, useDeleteFlag, useReviewFlag } from './api';

const STATUS_OPTIONS: { value: FlagStatusFilter; label: string }[] = [
  { value: 'all', label: 'All Flags' },
  { value: 'pending', label: 'Pending Review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const STATUS_BADGE: Record<AdminFlag['status'], string> = {
  pending: 'border-transparent bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  approved: 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  rejected: 'border-transparent bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
};

/**
 * /admin/content (spec §2.9): the flags with their stories. Approving a flag hides its story from every list and
 * search; deleting the last approved flag of a story shows it again.
 */
export function AdminContentPage() {
  return (
    <AdminPage title="Content Moderation" icon={Flag} level="moderator">
      {() => <Moderation />}
    </AdminPage>
  );
}

function Moderation() {
  const [status, setStatus] = useState<FlagStatusFilter>('pending');
  const [page, setPage] = useState(1);
  const flags = useContentFlags(page, status);
  const list = flags.data?.flags ?? [];
  return (
    <Tabs defaultValue="flags">
      <TabsList>
        <TabsTrigger value="flags">Content Flags</TabsTrigger>
        <TabsTrigger value="analytics">Moderation Analytics</TabsTrigger>
      </TabsList>
      <TabsContent value="flags" className="grid gap-3">
        <div className="grid w-fit gap-1">
          <Label htmlFor="flag-status">Status</Label>
          <NativeSelect
            id="flag-status"
            className="w-48"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(event) => {
              setStatus(event.target.value as FlagStatusFilter);
              setPage(1);
            }}
          />
        </div>
        {flags.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading flags">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-32 w-full rounded-lg" />
            ))}
          </div>
        ) : flags.isError ? (
          <LoadFailed text="Failed to load content flags. Please try again." onRetry={() => void flags.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={Flag} text="No flags to show." />
        ) : (
          <>
            <ol className="grid gap-2" aria-label="Content flags">
              {list.map((flag) => (
                <li key={flag.id}>
                  <FlagCard flag={flag} />
                </li>
              ))}
            </ol>
            <PaginationBar page={flags.data.pagination.currentPage} totalPages={flags.data.pagination.totalPages} onPageChange={setPage} />
          </>
        )}
      </TabsContent>
      <TabsContent value="analytics">
        <dl className="grid grid-cols-3 gap-2">
          {[
            ['Total Flags', list.length],
            ['Pending', list.filter((flag) => flag.status === 'pending').length],
            ['Approved', list.filter((flag) => flag.status === 'approved').length],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border bg-card p-3">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <BarChart3 className="size-3.5" aria-hidden="true" />
                {label}
              </dt>
              <dd className="text-2xl font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-muted-foreground">Counted on the current page of the list.</p>
      </TabsContent>
    </Tabs>
  );
}

function FlagCard({ flag }: { flag: AdminFlag }) {
  const review = useReviewFlag();
  const remove = useDeleteFlag();
  const [confirming, setConfirming] = useState(false);
  const titleId = `flag-${flag.id}-title`;
  const onReview = (action: 'approve' | 'reject') =>
    review.mutate(
      { flagId: flag.id, action },
      {
        onSuccess: () => toast.success('Flag Reviewed', { description: action === 'approve' ? 'The flag was approved and the story hidden.' : 'The flag was rejected.' }),
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast.error('Error', { description: 'Failed to review content flag. Please try again.' });
        },
      },
    );
  const onDelete = () =>
    remove.mutate(flag.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Flag Deleted', { description: 'The flag was permanently deleted.' });
      },
      onError: (error) => {
        setConfirming(false);
        if (!isUnauthorizedError(error)) toast.error('Error', { description: 'Failed to delete content flag. Please try again.' });
      },
    });

  return (
    <article aria-labelledby={titleId} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="outline">{FLAG_TYPE_LABELS[flag.flagType]}</Badge>
        <Badge className={STATUS_BADGE[flag.status]}>{flag.status[0]!.toUpperCase() + flag.status.slice(1)}</Badge>
        {flag.pendingFlagsOnStory > 1 && (
          <Badge variant="outline">
            <Users aria-hidden="true" /> {flag.pendingFlagsOnStory} people flagged
          </Badge>
        )}
        {flag.story.hidden && (
          <Badge variant="outline">
            <EyeOff aria-hidden="true" /> Story hidden
          </Badge>
        )}
      </div>
      <h2 id={titleId} className="font-semibold leading-snug">
        {flag.story.title}
      </h2>
      <p className="text-muted-foreground">
        {flag.story.score} points by {flag.story.by}
      </p>
      <p>{flag.reason ?? <span className="text-muted-foreground italic">No reason provided</span>}</p>
      <p className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
        <span>Flagged {formatDateTime(flag.createdAt)}</span>
        {flag.reviewedAt && <span>Reviewed {formatDateTime(flag.reviewedAt)}</span>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={storyLinkUrl(flag.story)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
        >
          View Original Story <ExternalLink className="size-3.5" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <span className="flex-1" />
        {flag.status === 'pending' && (
          <>
            <Button size="sm" disabled={review.isPending} onClick={() => onReview('approve')}>
              <Check aria-hidden="true" /> Approve Flag
            </Button>
            <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => onReview('reject')}>
              <X aria-hidden="true" /> Reject Flag
            </Button>
          </>
        )}
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete flag"
        description="Are you sure you want to permanently delete this flag? This action cannot be undone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </article>
  );
}
