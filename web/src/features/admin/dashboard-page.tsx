import {
  Activity,
  BarChart3,
  Bookmark,
  Database,
  Flag,
  Inbox,
  LayoutDashboard,
  Link2,
  Mail,
  Newspaper,
  ScrollText,
  Search,
  Settings,
  Share2,

  UserPlus,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import type { DashboardStats } from '#common/contracts/admin.ts';
import { DASHBOARD_SKELETON_CARDS } from '#common/rules/admin.ts';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminPage, hasAdminLevel, LoadFailed, type AdminLevel } from '@/components/admin-page';
import { EMAIL_NOT_SENT_YET, emailNotSent, useEmailDelivery } from '@/lib/email-delivery';
import { useDashboardStats } from './api';

interface Counter {
  label: string;
  icon: LucideIcon;
  value: (stats: DashboardStats) => number;
}

/** Spec §2.9: the dashboard's counters, and the moderation queue's size. */
const COUNTERS: Counter[] = [
  { label: 'Total Users', icon: Users, value: (s) => s.users.totalUsers },
  { label: 'New Users Today', icon: UserPlus, value: (s) => s.users.newUsersToday },
  { label: 'Active Users (7 days)', icon: Activity, value: (s) => s.users.activeUsersWeek },
  { label: 'Total Stories', icon: Newspaper, value: (s) => s.system.totalStories },
  { label: 'Total Bookmarks', icon: Bookmark, value: (s) => s.system.totalBookmarks },
  { label: 'Shared Links', icon: Share2, value: (s) => s.system.totalSharedLinks },
  { label: 'Keyword Alerts', icon: Link2, value: (s) => s.system.totalKeywordAlerts },
  { label: 'Pending Flags', icon: Flag, value: (s) => s.moderation.pendingFlags },
];

interface Tool {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
  level: AdminLevel;
  badge?: (stats: DashboardStats) => number;
}

const TOOLS: Tool[] = [
  { title: 'User Management', description: 'People, their roles and when they joined', href: '/admin/users', icon: Users, level: 'moderator' },
  { title: 'Content Moderation', description: 'Review flagged stories', href: '/admin/content', icon: Flag, level: 'moderator', badge: (s) => s.moderation.pendingFlags },
  { title: 'Admin Logs', description: 'Every action taken by moderators and admins', href: '/admin/logs', icon: ScrollText, level: 'moderator' },
  { title: 'Admin Search', description: 'Find users, stories, alerts, flags, logs and settings', href: '/admin/search', icon: Search, level: 'moderator' },
  { title: 'System Settings', description: 'Feature flags, limits, maintenance mode and announcements', href: '/admin/settings', icon: Settings, level: 'admin' },
  {
    title: 'Contact Messages',
    description: 'Messages sent through the contact page',
    href: '/admin/contact',
    icon: Inbox,
    level: 'admin',
    badge: (s) => s.moderation.unhandledContactMessages,
  },
  { title: 'Analytics', description: 'API usage, events and popular stories', href: '/admin/analytics', icon: BarChart3, level: 'admin' },
  { title: 'Shared Links Analytics', description: 'Share links, views and clicks', href: '/admin/shared-links-analytics', icon: Share2, level: 'admin' },
  { title: 'Email', description: 'Email service, test emails and the email log', href: '/admin/email', icon: Mail, level: 'admin' },
  { title: 'Newsletter', description: 'Subscribers, activity and the Sunday digest', href: '/admin/newsletter', icon: Newspaper, level: 'admin' },
  { title: 'Database Maintenance', description: 'Retention tasks and their logs', href: '/admin/maintenance', icon: Database, level: 'admin' },
];

/** /admin (spec §2.9): the counters, and a card for each admin tool the person may use. */
export function AdminDashboardPage() {
  return (
    <AdminPage title="Admin Dashboard" icon={LayoutDashboard} level="moderator" deniedRedirect="/" back={false}>
      {(user) => <Dashboard isAdmin={hasAdminLevel(user, 'admin')} />}
    </AdminPage>
  );
}

function Dashboard({ isAdmin }: { isAdmin: boolean }) {
  const stats = useDashboardStats();
  return (
    <>
      {isAdmin && <EmailDeliveryWarning />}
      <section aria-labelledby="stats-heading" className="grid gap-2">
        <h2 id="stats-heading" className="sr-only">
          Statistics
        </h2>
        {stats.isPending ? (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-busy="true" aria-label="Loading statistics">
            {Array.from({ length: DASHBOARD_SKELETON_CARDS }, (_, index) => (
              <li key={index}>
                <Skeleton className="h-[4.5rem] w-full rounded-lg" />
              </li>
            ))}
          </ul>
        ) : stats.isError ? (
          <LoadFailed text="Failed to load statistics. Please try again." onRetry={() => void stats.refetch()} />
        ) : (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {COUNTERS.map(({ label, icon: Icon, value }) => (
              <div key={label} className="rounded-lg border bg-card p-3">
                <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Icon className="size-3.5" aria-hidden="true" />
                  {label}
                </dt>
                <dd className="text-2xl font-bold tabular-nums">{value(stats.data).toLocaleString()}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-labelledby="tools-heading" className="grid gap-2">
        <h2 id="tools-heading" className="flex items-center gap-1.5 text-lg font-semibold">
          <Wrench className="size-4" aria-hidden="true" /> Tools
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {TOOLS.filter((tool) => isAdmin || tool.level === 'moderator').map((tool) => (
            <li key={tool.href}>
              <ToolCard tool={tool} stats={stats.data} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** For admins while SMTP is not configured: people's emails wait in the outbox, and the email page says how to send them. */
function EmailDeliveryWarning() {
  const delivery = useEmailDelivery();
  if (!emailNotSent(delivery)) return null;
  return (
    <p role="note" data-testid="email-delivery-warning" className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <Mail className="size-4 shrink-0" aria-hidden="true" />
      <strong>{EMAIL_NOT_SENT_YET}</strong>
      <span>Emails people choose wait in the outbox until SMTP_URL is set.</span>
      <Link href="/admin/email" className="font-medium underline underline-offset-2">
        Set up email
      </Link>
    </p>
  );
}

function ToolCard({ tool, stats }: { tool: Tool; stats: DashboardStats | undefined }) {
  const { icon: Icon } = tool;
  const count = stats && tool.badge ? tool.badge(stats) : 0;
  const body = (
    <>
      <span className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {tool.title}
        {count > 0 && (
          <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground" aria-label={`${count} waiting`}>
            {count}
          </span>
        )}
      </span>
      <span className="text-sm text-muted-foreground">{tool.description}</span>
    </>
  );
  const classes = 'grid h-full gap-1 rounded-lg border bg-card p-3';
  return (
    <Link href={tool.href} className={`${classes} transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring`}>
      {body}
    </Link>
  );
}

