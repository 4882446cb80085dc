import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One fact of a story's meta line (points, comments, author, age, site): a small icon and its text. */
export function MetaItem({ icon: Icon, iconClassName, className, children }: { icon: LucideIcon; iconClassName?: string; className?: string; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <Icon className={cn('size-3.5', iconClassName)} aria-hidden="true" />
      {children}
    </span>
  );
}
