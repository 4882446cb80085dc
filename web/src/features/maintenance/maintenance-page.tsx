import { LogIn, Wrench } from 'lucide-react';
import { MAINTENANCE_MESSAGE } from '#common/rules/admin.ts';
import { Button } from '@/components/ui/button';
import { LOGIN_PATH } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';

/** Replaces the whole product for everyone but admins while maintenance mode is on (spec part 2 §2.3). */
export function MaintenancePage() {
  useDocumentTitle('Under Maintenance');
  return (
    <main className="grid min-h-dvh place-items-center bg-background p-6">
      <div className="grid max-w-md justify-items-center gap-5 rounded-2xl border bg-card p-8 text-center shadow-sm">
        <Wrench className="size-12 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold">We're under maintenance</h1>
        <p className="text-muted-foreground">{MAINTENANCE_MESSAGE}</p>
        <Button asChild variant="outline">
          <a href={LOGIN_PATH}>
            <LogIn aria-hidden="true" />
            Admin Login
          </a>
        </Button>
      </div>
    </main>
  );
}
