import { SpriteIcon } from '@/components/sprite-icon';
import { Link } from 'wouter';

/** Where the 'Buy me a coffee' link points; set to the developer's own page before going live. */
const BUY_ME_A_COFFEE_URL = 'https://www.buymeacoffee.com/';

const FOOTER_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/terms', label: 'Terms' },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8 text-sm text-muted-foreground sm:px-6">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          {FOOTER_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className="rounded-sm hover:text-foreground hover:underline">
              {link.label}
            </Link>
          ))}
          <a
            href={BUY_ME_A_COFFEE_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 rounded-sm hover:text-foreground hover:underline"
          >
            <SpriteIcon name="coffee" className="size-4" />
            Buy me a coffee
          </a>
          {/* The API's reference is a page of the server, not of the app: a plain link. */}
          <a href="/api/docs" className="rounded-sm hover:text-foreground hover:underline">
            API
          </a>
        </nav>
        <p>
          HN Trends is an independent project and is not affiliated with, endorsed by or sponsored by Hacker News or Y
          Combinator.
        </p>
        <p>Made with care by the HN Trends developer.</p>
      </div>
    </footer>
  );
}
