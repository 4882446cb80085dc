import { AlertCircle, AlertTriangle, CheckCircle2, Info, X } from 'lucide-react';
import { useState } from 'react';
import { useSanitizedHtml } from '@/lib/use-sanitized-html';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { locallyDismissed, rememberDismissed, useAnnouncements, useDismissAnnouncement, type Announcement } from './api';

const TYPE_STYLES = {
  error: { icon: AlertCircle, classes: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100' },
  warning: { icon: AlertTriangle, classes: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100' },
  success: { icon: CheckCircle2, classes: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100' },
  info: { icon: Info, classes: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100' },
} as const;

function styleOf(type: string) {
  return type === 'error' || type === 'warning' || type === 'success' ? TYPE_STYLES[type] : TYPE_STYLES.info;
}

/** The first active announcement this person has not dismissed; persistent ones cannot be dismissed. */
export function AnnouncementBanner({ signedIn }: { signedIn: boolean }) {
  const announcements = useAnnouncements();
  const dismissOnServer = useDismissAnnouncement();
  const [dismissed, setDismissed] = useState(locallyDismissed);

  const current = announcements.data?.find((entry) => entry.isPersistent || !dismissed.has(String(entry.id)));
  const html = useSanitizedHtml(current?.message);
  if (!current || html === null) return null;

  const dismiss = (announcement: Announcement) => {
    setDismissed(rememberDismissed(announcement.id));
    if (signedIn) dismissOnServer.mutate(announcement.id);
  };

  const { icon: Icon, classes } = styleOf(current.type);
  return (
    <aside aria-label="Announcement" className={cn('flex items-start gap-3 rounded-xl border p-4', classes)} data-testid="announcement">
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-semibold">{current.title}</p>
        {/* Sanitised above: only simple formatting and links remain. */}
        <div className="text-sm break-words" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
      {!current.isPersistent && (
        <Button variant="ghost" size="icon" className="-m-1 shrink-0 hover:bg-black/5 dark:hover:bg-white/10" aria-label="Dismiss announcement" onClick={() => dismiss(current)}>
          <X aria-hidden="true" />
        </Button>
      )}
    </aside>
  );
}
