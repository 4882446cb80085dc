// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Story } from '#common/contracts/stories.ts';
import { PaginationBar } from '@/components/pagination-bar';
import { StoryCard } from './story-card';

afterEach(cleanup);

const NOW = Date.parse('2026-01-01T12:00:00Z');
const story: Story = {
  id: 1,
  hnId: 4242,
  title: 'Show HN: A tiny database',
  url: '',
  score: 320,
  descendants: 120,
  by: '',
  time: NOW / 1000 - 3600,
  timeAgo: '',
  domain: '',
  scoreVelocity: 12,
  commentsVelocity: 1,
  trendingScore: 10,
};

describe('StoryCard', () => {
  it('falls back to the item page, Anonymous and recently', () => {
    render(<StoryCard story={story} featured={false} nowMs={NOW} />);
    expect(screen.getByRole('link', { name: story.title })).toHaveProperty('href', 'https://news.ycombinator.com/item?id=4242');
    expect(screen.getByRole('article').textContent).toContain('by Anonymous');
    expect(screen.getByText('recently')).toBeTruthy();
  });

  it('names one point and one comment in the singular, other counts in the plural', () => {
    const { rerender } = render(<StoryCard story={{ ...story, score: 1, descendants: 1 }} featured={false} nowMs={NOW} />);
    const meta = () => screen.getByRole('article').textContent;
    expect(meta()).toContain('1 point');
    expect(meta()).not.toContain('1 points');
    expect(meta()).toContain('1 comment');
    expect(meta()).not.toContain('1 comments');
    rerender(<StoryCard story={{ ...story, score: 1234, descendants: 0 }} featured={false} nowMs={NOW} />);
    expect(meta()).toContain('1,234 points');
    expect(meta()).toContain('0 comments');
  });

  it('shows one heat badge, the velocity and the spec\'s tags: Show HN, Popular above 300 points, Discussion above 100 comments', () => {
    render(<StoryCard story={story} featured={false} nowMs={NOW} />);
    const card = screen.getByRole('article');
    // 320 points an hour after posting: hot (score >= 250 and recent); viral would need 500.
    expect([...card.querySelectorAll('[data-heat]')].map((badge) => badge.getAttribute('data-heat'))).toEqual(['hot']);
    // The badge draws its icon itself (index.css, [data-icon]): hot's lightning bolt, and no element for it.
    expect(card.querySelector('[data-heat]')?.getAttribute('data-icon')).toBe('zap');
    expect(card.querySelector('[data-heat] svg')).toBeNull();
    for (const text of ['Show HN', 'Popular', 'Discussion', '+12/hr']) expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).queryByText('Rising Fast')).toBeNull();
  });

  it('leaves Popular and Discussion off at exactly 300 points and 100 comments', () => {
    render(<StoryCard story={{ ...story, score: 300, descendants: 100 }} featured={false} nowMs={NOW} />);
    const card = screen.getByRole('article');
    for (const text of ['Popular', 'Discussion']) expect(within(card).queryByText(text)).toBeNull();
  });

  it('featured cards say Rising Fast above 10 points an hour, and any positive velocity', () => {
    const { rerender } = render(<StoryCard story={story} featured nowMs={NOW} />);
    expect(screen.getByText('Rising Fast')).toBeTruthy();
    expect(screen.getByText('+12/hr', { exact: false })).toBeTruthy();
    // With the rocket, drawn by the badge itself.
    expect(screen.getByTitle('Points per hour').getAttribute('data-icon')).toBe('rocket');
    rerender(<StoryCard story={{ ...story, scoreVelocity: 3 }} featured nowMs={NOW} />);
    expect(screen.queryByText('Rising Fast')).toBeNull();
    expect(screen.getByTitle('Points per hour').hasAttribute('data-icon')).toBe(false);
    expect(screen.getByText('+3/hr')).toBeTruthy();
    // A regular card shows the velocity only above 5 an hour.
    rerender(<StoryCard story={{ ...story, scoreVelocity: 3 }} featured={false} nowMs={NOW} />);
    expect(screen.queryByText('+3/hr')).toBeNull();
  });

  it('lists points, comments, author and age in that order, the site right after the title', () => {
    const withDomain = { ...story, domain: 'example.com', url: 'https://example.com/db', by: 'pg', timeAgo: '2 hours ago' };
    render(<StoryCard story={withDomain} featured={false} nowMs={NOW} compact />);
    const heading = screen.getByRole('heading', { name: withDomain.title });
    expect(heading.nextElementSibling?.textContent).toBe('(example.com)');
    const facts = [...screen.getByRole('article').querySelectorAll('.story-fact')].map((fact) => fact.textContent);
    expect(facts).toEqual(['320 points', '120 comments', 'by pg', '2 hours ago']);
    // A phone's compact row shows them in short (index.css): the words a mark or "2h" stands for are their own
    // elements, hidden there, and the short age is the link's to draw; the heat badge's name, likewise.
    const article = screen.getByRole('article');
    expect([...article.querySelectorAll('.story-words')].map((words) => words.textContent)).toEqual([' points', ' comments', 'by ', '2 hours ago']);
    expect(article.querySelector('[data-story-link="history"]')?.getAttribute('data-short')).toBe('2h');
    expect([...article.querySelectorAll('.story-fact[data-icon]')].map((fact) => fact.getAttribute('data-icon'))).toEqual(['triangle', 'message-square']);
    expect(article.querySelector('[data-heat] > span')?.textContent).toBe('Hot');
  });

  it("links the age to the story's own page, by the product's story id", () => {
    render(<StoryCard story={{ ...story, timeAgo: '2 hours ago' }} featured={false} nowMs={NOW} />);
    const link = screen.getByRole('link', { name: '2 hours ago, story history' });
    expect(link.getAttribute('href')).toBe(`/stories/${story.id}`);
  });

  it('shows the domain unless the showDomains preference is off', () => {
    const withDomain = { ...story, domain: 'example.com', url: 'https://example.com/db' };
    const { rerender } = render(<StoryCard story={withDomain} featured={false} nowMs={NOW} />);
    expect(screen.getByText('(example.com)')).toBeTruthy();
    rerender(<StoryCard story={withDomain} featured={false} nowMs={NOW} showDomain={false} />);
    expect(screen.queryByText('(example.com)')).toBeNull();
  });

  it('explains its heat badge with the rule in plain words', () => {
    render(<StoryCard story={story} featured={false} nowMs={NOW} />);
    expect(screen.getByRole('article').querySelector('[data-heat]')?.getAttribute('title')).toBe(
      'Hot: 10+ points an hour and 150+ points, or 250+ points within 12 hours of posting, or 5+ comments an hour and 50+ comments',
    );
  });

  it('shows an opened story in the visited colour and a new one with a New badge', () => {
    const { rerender } = render(<StoryCard story={story} featured={false} nowMs={NOW} />);
    const title = () => screen.getByRole('link', { name: story.title });
    expect(title().className).not.toMatch(/(^| )text-purple-700/);
    expect(screen.queryByTestId('new-badge')).toBeNull();
    rerender(<StoryCard story={story} featured={false} nowMs={NOW} opened isNew />);
    expect(title().className).toMatch(/(^| )text-purple-700/);
    expect(screen.getByTestId('new-badge').textContent).toBe('New');
  });

  it("marks a story the demo's replay made up with a Demo badge that says so, and no other story", () => {
    const { rerender } = render(<StoryCard story={story} featured={false} nowMs={NOW} />);
    expect(screen.queryByTestId('synthetic-badge')).toBeNull();
    rerender(<StoryCard story={{ ...story, synthetic: true }} featured={false} nowMs={NOW} />);
    const badge = within(screen.getByRole('article')).getByTestId('synthetic-badge');
    // Seen: one quiet word, its meaning on hover; heard: the whole of it.
    expect(within(badge).getByText('Demo')).toBeTruthy();
    expect(badge.getAttribute('title')).toBe("Demo: a made-up story from the demo's replay, not from Hacker News");
    expect(badge.textContent).toBe("Demo: a made-up story from the demo's replay, not from Hacker News");
    expect(badge.querySelector('.sr-only')?.textContent).toBe(": a made-up story from the demo's replay, not from Hacker News");
  });

  it('renders the action slot', () => {
    render(<StoryCard story={story} featured={false} nowMs={NOW} actions={<button type="button">Bookmark</button>} />);
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeTruthy();
  });
});

describe('PaginationBar', () => {
  const pageNumbers = () => screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => Number(button.textContent));

  it('is hidden for one page', () => {
    const { container } = render(<PaginationBar page={1} totalPages={1} onPageChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the window around the current page and reports clicks', async () => {
    const onPageChange = vi.fn();
    render(<PaginationBar page={10} totalPages={20} onPageChange={onPageChange} />);
    expect(pageNumbers()).toEqual([1, 9, 10, 11, 20]);
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange.mock.calls).toEqual([[11], [1]]);
  });

  it('disables previous and first on the first page', () => {
    render(<PaginationBar page={1} totalPages={3} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'First page' })).toHaveProperty('disabled', true);
    expect(pageNumbers()).toEqual([1, 2, 3]);
  });
});
