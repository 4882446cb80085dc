import { Download, FolderOpen, LogOut, Settings, Shield, User } from 'lucide-react';
import { SpriteIcon } from '@/components/sprite-icon';
import { useState, type MouseEvent } from 'react';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSaveDarkMode } from '@/features/preferences/api';
import { isUnauthorizedError, LOGOUT_PATH } from '@/lib/api';
import { install, useInstallOffer } from '@/lib/install-prompt';
import { clearPersonalData } from '@/lib/offline-data';
import { isStaff, nameOf, type CurrentUser } from '@/lib/session';
import type { Theme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const NAV_LINKS: readonly { href: string; label: string; menuOnly?: boolean }[] = [
  { href: '/', label: 'Stories' },
  { href: '/for-you', label: 'For you' },
  { href: '/keywords', label: 'Keywords' },
  { href: '/predictions', label: 'Predictions' },
  { href: '/bookmarks', label: 'Bookmarks' },
  // The bar has room for seven links at 1024 px: collections are in the account menu there (and on Bookmarks).
  { href: '/collections', label: 'Collections', menuOnly: true },
  { href: '/watched-stories', label: 'Watched' },
  { href: '/search', label: 'Search' },
];

/**
 * Sign Out empties what the service worker keeps of this person first (after sending any change still queued), so
 * the next person on this browser finds nothing of theirs, then goes to the sign-out path.
 */
function signOut(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void clearPersonalData()
    .catch(() => undefined)
    .finally(() => window.location.assign(LOGOUT_PATH));
}

const navLinkClasses = 'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground';

export function TopNav({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const name = nameOf(user);
  const installOffered = useInstallOffer();
  const saveDarkMode = useSaveDarkMode();
  const saveTheme = (theme: Theme) =>
    saveDarkMode.mutate(theme === 'dark', {
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast.error('Your theme could not be saved: it applies to this browser only.');
      },
    });

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-12 max-w-7xl items-center justify-between gap-4 px-4 sm:h-14 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV_LINKS.filter((link) => !link.menuOnly).map((link) => (
            <Link
              key={link.href}
              href={link.href}
              aria-current={location === link.href ? 'page' : undefined}
              className={cn(navLinkClasses, location === link.href ? 'bg-accent text-accent-foreground' : 'text-muted-foreground')}
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <ThemeToggle onThemeChange={saveTheme} />
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" className="hidden gap-2 px-2 lg:inline-flex" aria-label={`Account menu for ${name}`}>
                <Avatar user={user} />
                <span className="max-w-32 truncate">{name}</span>
                <SpriteIcon name="chevron-down" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-56">
              <DropdownMenuLabel>
                <span className="block truncate font-medium">{name}</span>
                {user.email && <span className="block truncate text-xs text-muted-foreground">{user.email}</span>}
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <Link href="/profile">
                  <User aria-hidden="true" /> Profile
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link href="/collections">
                  <FolderOpen aria-hidden="true" /> Collections
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link href="/preferences">
                  <Settings aria-hidden="true" /> Preferences
                </Link>
              </DropdownMenuItem>
              {isStaff(user) && (
                <DropdownMenuItem asChild>
                  <Link href="/admin">
                    <Shield aria-hidden="true" /> Admin
                  </Link>
                </DropdownMenuItem>
              )}
              {installOffered && (
                <DropdownMenuItem onSelect={() => void install()}>
                  <Download aria-hidden="true" /> Install app
                </DropdownMenuItem>
              )}
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <a href={LOGOUT_PATH} onClick={signOut}>
                  <LogOut aria-hidden="true" /> Sign Out
                </a>
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <SpriteIcon name={menuOpen ? 'x' : 'menu'} />
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Main" className="border-t lg:hidden">
          <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3 sm:px-6" onClick={() => setMenuOpen(false)}>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} aria-current={location === link.href ? 'page' : undefined} className={cn(navLinkClasses, 'block')}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li className="my-1 border-t" aria-hidden="true" />
            <li>
              <Link href="/profile" className={cn(navLinkClasses, 'block')}>
                Profile
              </Link>
            </li>
            <li>
              <Link href="/preferences" className={cn(navLinkClasses, 'block')}>
                Preferences
              </Link>
            </li>
            {isStaff(user) && (
              <li>
                <Link href="/admin" className={cn(navLinkClasses, 'block')}>
                  Admin
                </Link>
              </li>
            )}
            {installOffered && (
              <li>
                <button type="button" onClick={() => void install()} className={cn(navLinkClasses, 'block w-full text-left')}>
                  Install app
                </button>
              </li>
            )}
            <li>
              <a href={LOGOUT_PATH} onClick={signOut} className={cn(navLinkClasses, 'block')}>
                Sign Out
              </a>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}

function Avatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className="size-7 rounded-full object-cover" />;
  }
  return (
    <span className="grid size-7 place-items-center rounded-full bg-primary text-xs font-bold text-primary-foreground" aria-hidden="true">
      {nameOf(user).slice(0, 1).toUpperCase()}
    </span>
  );
}
