import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { LOGIN_PATH } from '@/lib/api';

export function VisitorHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <Button asChild>
            <a href={LOGIN_PATH} data-icon="log-in">
              Sign In
            </a>
          </Button>
        </div>
      </div>
    </header>
  );
}
