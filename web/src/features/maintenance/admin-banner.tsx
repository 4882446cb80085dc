import { Wrench } from 'lucide-react';
import { Link } from 'wouter';

/**
 * Shown to admins on every page while the site is in maintenance: they keep using it as usual, so without this
 * nothing would remind them that everyone else sees the maintenance page.
 */
export function MaintenanceAdminBanner({ settingsPath }: { settingsPath: string }) {
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <Wrench className="mr-1 inline size-4 align-[-2px]" aria-hidden="true" />
      Maintenance mode is on: everyone but admins sees the maintenance page.{' '}
      <Link href={settingsPath} className="font-medium underline underline-offset-2">
        Turn it off in System Settings
      </Link>
    </div>
  );
}
