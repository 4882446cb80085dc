// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_KEY } from '@/lib/rendered-for-phone';
import { hydrateAsSent, serverRenderedInto } from '@/test/server-rendered';
import { FilterBar, type ListFilters } from './filter-bar';

afterEach(cleanup);

/** The bar as the list uses it: a change comes back as the bar's new filters (the list reads them from its URL). */
function barHarness(queryClient = new QueryClient()) {
  const onFiltersChange = vi.fn();
  function Bar() {
    const [filters, setFilters] = useState<ListFilters>({ sort: 'score', timeFilter: 'week', minScore: 10, domain: '', heat: '' });
    return (
      <FilterBar
        filters={filters}
        onFiltersChange={(next) => {
          onFiltersChange(next);
          setFilters(next);
        }}
        autoRefresh
        onAutoRefreshChange={() => undefined}
        refreshInterval={5}
        onRefreshIntervalChange={() => undefined}
        countdown="4m 0s"
        onRefresh={() => undefined}
        refreshing={false}
      />
    );
  }
  const harness = (
    <QueryClientProvider client={queryClient}>
      <Bar />
    </QueryClientProvider>
  );
  return { onFiltersChange, harness };
}

function renderBar() {
  const { onFiltersChange, harness } = barHarness();
  render(harness);
  return { onFiltersChange };
}

describe('FilterBar on a page the server rendered for a phone', () => {
  it('holds the summary alone, at any width, until the app runs; then both', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(FIRST_SCREEN_KEY, 'phone');
    const { harness } = barHarness(queryClient);
    // What the server rendered.
    const markup = renderToString(harness);
    expect(markup.match(/aria-label="Story filters"/g)).toHaveLength(1);
    expect(markup).not.toContain('sm:hidden');
    expect(markup).toContain('Filters');
    // The app hydrates it as sent, then adds the one-line bar (for larger screens), the summary for phones only.
    const container = serverRenderedInto(harness, markup);
    const unmount = await hydrateAsSent(container, harness);
    expect(within(container).getAllByRole('region', { name: 'Story filters' })).toHaveLength(2);
    expect(within(container).getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
    unmount();
  });

  it('renders both from the start on a page rendered for a larger screen', () => {
    const { harness } = barHarness();
    expect(renderToString(harness).match(/aria-label="Story filters"/g)).toHaveLength(2);
  });
});

describe('FilterBar on a phone', () => {
  const summary = () => screen.getByRole('button', { name: /Filters$/ });

  it('sums up sort, window and min score on one line', () => {
    renderBar();
    expect(summary().textContent).toBe('Score · last week · min score 10Filters');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the controls in a sheet, where a choice applies at once', async () => {
    const props = renderBar();
    await userEvent.click(summary());
    const sheet = screen.getByRole('dialog', { name: 'Story filters' });
    await userEvent.selectOptions(within(sheet).getByLabelText('Sort by'), 'comments');
    expect(props.onFiltersChange).toHaveBeenLastCalledWith({ sort: 'comments', timeFilter: 'week', minScore: 10, domain: '', heat: '' });
  });

  it.each([
    ['Done', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Done' }))],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('keeps a min score typed but not entered when the sheet closes by %s', async (_how, close) => {
    const user = userEvent.setup();
    const props = renderBar();
    await user.click(summary());
    const minScore = within(screen.getByRole('dialog')).getByLabelText('Min score');
    await user.clear(minScore);
    await user.type(minScore, '42');
    expect(props.onFiltersChange).not.toHaveBeenCalled();
    await close(user);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(props.onFiltersChange).toHaveBeenCalledExactlyOnceWith({ sort: 'score', timeFilter: 'week', minScore: 42, domain: '', heat: '' });
    expect(summary().textContent).toBe('Score · last week · min score 42Filters');
  });

  it('filters by a domain (normalised) and a heat level, and sums them up', async () => {
    const user = userEvent.setup();
    const props = renderBar();
    await user.click(summary());
    const sheet = screen.getByRole('dialog');
    await user.type(within(sheet).getByLabelText('Domain'), 'https://www.Example.com/x');
    // Leaving the domain field commits it; the heat applies at once.
    await user.selectOptions(within(sheet).getByLabelText('Heat'), 'hot');
    expect(props.onFiltersChange).toHaveBeenLastCalledWith({ sort: 'score', timeFilter: 'week', minScore: 10, domain: 'example.com', heat: 'hot' });
    await user.keyboard('{Escape}');
    expect(props.onFiltersChange).toHaveBeenCalledTimes(2);
    expect(summary().textContent).toBe('Score · last week · min score 10 · example.com · HotFilters');
  });

  it('closing without a change changes nothing', async () => {
    const user = userEvent.setup();
    const props = renderBar();
    await user.click(summary());
    await user.keyboard('{Escape}');
    expect(props.onFiltersChange).not.toHaveBeenCalled();
  });
});
