// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteCreditElement, type SiteCredit } from '../../prerendered';
import { readSiteCredit, setSiteCredit } from './site-credit';
import { SiteFooter } from './site-footer';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

function footer(credit: SiteCredit | null) {
  const client = new QueryClient();
  if (credit) setSiteCredit(client, credit);
  render(
    <QueryClientProvider client={client}>
      <SiteFooter />
    </QueryClientProvider>,
  );
}

describe('the footer credit (spec part 1 §2), from the server\'s configuration', () => {
  it('credits the configured name and links the configured coffee page', () => {
    footer({ name: 'Ada Lovelace', coffeeUrl: 'https://www.buymeacoffee.com/ada' });
    expect(screen.getByText('Made with care by Ada Lovelace.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy me a coffee' }).getAttribute('href')).toBe('https://www.buymeacoffee.com/ada');
  });

  it('shows no coffee link when its address is empty', () => {
    footer({ name: 'the HN Trends contributors', coffeeUrl: '' });
    expect(screen.getByText('Made with care by the HN Trends contributors.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Buy me a coffee' })).toBeNull();
  });

  it('shows no credit until it is known (the landing page as built)', () => {
    footer(null);
    expect(screen.queryByText(/Made with care/)).toBeNull();
    expect(screen.getByRole('link', { name: 'About' })).toBeTruthy();
  });

  it('reads the credit the server put in the page\'s head, a name with markup in it as text', () => {
    const credit = { name: '</script><b>Ada</b>', coffeeUrl: '' };
    document.head.innerHTML = siteCreditElement(credit);
    expect(readSiteCredit(document)).toEqual(credit);
  });
});
