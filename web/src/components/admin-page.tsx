import { ArrowLeft, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import type { Role } from '#common/contracts/accounts.ts';
import { ACCESS_DENIED_REDIRECT_MS } from '#common/rules/admin.ts';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';
import { useCurrentUser, type CurrentUser } from '@/lib/session';
import { cn } from '@/lib/utils';

/** Who may open an admin page (spec part 2 §6). */
export type AdminLevel = 'moderator' | 'admin';

const RANK: Record<Role, number> = { user: 1, moderator: 2, admin: 3 };

export function hasAdminLevel(user: Pick<CurrentUser, 'role'> | null, level: AdminLevel): boolean {
  return user !== null && RANK[user.role] >= RANK[level];
}

const ROLE_BADGE: Record<Role, { label: string; classes: string }> = {
  admin: { label: 'Admin', classes: 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' },
  moderator: { label: 'Moderator', classes: 'border-transparent bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200' },
  user: { label: 'User', classes: 'border-transparent bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200' },
};

/** Spec §6: admin red, moderator yellow, user grey. */
export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  const badge = ROLE_BADGE[role];
  return (
    <Badge className={cn(badge.classes, className)} data-role={role}>
      {badge.label}
    </Badge>
  );
}

/** Spec §4: shown while the role is checked, and to someone without it until they are sent away. */
function AccessVerification() {
  return (
    <div role="status" aria-live="polite" className="grid justify-items-center gap-2 rounded-xl border bg-card p-10 text-center">
      <ShieldCheck className="size-8 animate-pulse text-primary" aria-hidden="true" />
      <h1 className="text-lg font-semibold">Access Verification</h1>
      <p className="text-sm text-muted-foreground">Checking administrator privileges...</p>
    </div>
  );
}

/** Spec §6: the 'Access Denied' toast, then the redirect after 1 s. */
function useDenyAccess(denied: boolean, to: string) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!denied) return;
    toast.error('Access Denied', { description: 'Administrator privileges required.' });
    const timer = setTimeout(() => navigate(to), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied, to, navigate]);
}

/** The link every admin page has back to /admin. */
export function BackToDashboard() {
  return (
    <Button asChild variant="outline" size="sm" className="w-fit">
      <Link href="/admin">
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}

export interface AdminPageProps {
  title: string;
  icon: LucideIcon;
  /** Who may open the page; the server enforces the same level on every call the page makes. */
  level: AdminLevel;
  /** Where someone without the level is sent: /admin, or / from the dashboard and the admin search (spec §6). */
  deniedRedirect?: '/admin' | '/';
  /** The dashboard itself has no 'Back to Dashboard'. */
  back?: boolean;
  subtitle?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  children: (user: CurrentUser) => ReactNode;
}

/**
 * The frame of every admin page: the access check (spec §4, §6), the title with the person's role badge, 'Back to
 * Dashboard', and the page itself, rendered only for someone with the level. New admin tools use it as they are.
 */
export function AdminPage({ title, icon, level, deniedRedirect = '/admin', back = true, subtitle, actions, children }: AdminPageProps) {
  useDocumentTitle(title);
  const { user, isLoading } = useCurrentUser();
  const permitted = hasAdminLevel(user, level);
  useDenyAccess(!isLoading && !permitted, deniedRedirect);
  if (isLoading || !user || !permitted) return <AccessVerification />;
  return (
    <div className="grid gap-4">
      {back && <BackToDashboard />}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader icon={icon} title={title}>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <RoleBadge role={user.role} />
            {subtitle}
          </div>
        </PageHeader>
        {actions}
      </div>
      {children(user)}
    </div>
  );
}

/** An admin list's failure, with a retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-6 text-center">
      <p className="font-medium">{text}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** An admin list with nothing in it. */
export function EmptyState({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border bg-card p-8 text-center text-muted-foreground">
      <Icon className="size-7" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/** Dates in admin lists: day and time, in the reader's locale. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A table that may be wider than a phone: its box scrolls sideways, and takes keyboard focus so it can be scrolled. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-ring" tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}

/** One figure of an admin page's totals, inside a `<dl>`. */
export function StatTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** An admin table's header row: each column's name, numbers aligned right. */
export function TableHead({ columns }: { columns: readonly (string | { label: string; numeric: true })[] }) {
  return (
    <thead className="bg-muted/50 text-xs text-muted-foreground">
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} className="px-3 py-2 font-medium">
              {column}
            </th>
          ) : (
            <th key={column.label} className="px-3 py-2 text-right font-medium">
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
