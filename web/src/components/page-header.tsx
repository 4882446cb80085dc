import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A page's title with its icon, and what it says under the title (a subtitle, a count). */
export function PageHeader({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <header className="grid gap-1">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <Icon className="size-6 text-primary" aria-hidden="true" />
        {title}
      </h1>
      {children}
    </header>
  );
}

/** The link back to the story list at the top of a page. */
export function BackLink({ children }: { children: ReactNode }) {
  return (
    <Link href="/" className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
