import { SpriteIcon } from '@/components/sprite-icon';
import { Link } from 'wouter';
import { useSiteCredit } from './site-credit';

const FOOTER_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/terms', label: 'Terms' },
  { href: '/feeds', label: 'Feeds' },
] as const;

/** Spec part 1 §2: the pages, the API's reference, and the credit and 'Buy me a coffee' link the server's configuration names. */
export function SiteFooter() {
  const credit = useSiteCredit();
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8 text-sm text-muted-foreground sm:px-6">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          {FOOTER_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className="rounded-sm hover:text-foreground hover:underline">
              {link.label}
            </Link>
          ))}
          {credit?.coffeeUrl && (
            <a
              href={credit.coffeeUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded-sm hover:text-foreground hover:underline"
            >
              <SpriteIcon name="coffee" className="size-4" />
              Buy me a coffee
            </a>
          )}
          {/* The API's reference is a page of the server, not of the app: a plain link. */}
          <a href="/api/docs" className="rounded-sm hover:text-foreground hover:underline">
            API
          </a>
        </nav>
        <p>
          HN Trends is an independent project and is not affiliated with, endorsed by or sponsored by Hacker News or Y
          Combinator.
        </p>
        {credit && <p>Made with care by {credit.name}.</p>}
      </div>
    </footer>
  );
}
