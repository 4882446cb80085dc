import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/document-title';

/** The frame of the static pages: a title, a last-updated line where given, and readable text. */
export function InfoPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-6 py-4">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {intro && <p className="text-lg text-muted-foreground">{intro}</p>}
      </header>
      <div className="grid gap-6 leading-relaxed [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_section]:grid [&_section]:gap-2 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2">
        {children}
      </div>
    </article>
  );
}
